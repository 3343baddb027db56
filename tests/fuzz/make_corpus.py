#!/usr/bin/env python3
"""Regenerates the seed corpora of tests/fuzz/corpus/ from the project's own texts:
the protocol samples of docs/protocol.md, position strings and move texts quoted in
tests/ and RULES.md, and a few malformed inputs. Run from the repository root:
    python3 tests/fuzz/make_corpus.py
Rules seeds are `<position>\\n<move>\\n<move>...` (see rules_fuzz.hpp)."""
import hashlib, os, re, shutil

ROOT = os.getcwd()
OUT = os.path.join(ROOT, 'tests', 'fuzz', 'corpus')

def texts(folder, exts=('.cpp', '.hpp')):
    for base, _, files in os.walk(os.path.join(ROOT, folder)):
        for f in sorted(files):
            if f.endswith(exts):
                yield open(os.path.join(base, f), encoding='utf-8').read()

def write(target, seeds):
    d = os.path.join(OUT, target)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    for s in dict.fromkeys(seeds):  # unique, in order
        data = s if isinstance(s, bytes) else s.encode('utf-8')
        open(os.path.join(d, hashlib.sha1(data).hexdigest()[:16]), 'wb').write(data)

quoted = set()
for t in texts('tests/rules'):
    quoted.update(re.findall(r'"([^"\\\n]{3,200})"', t))
rules_md = open('/work/shared/RULES.md' if os.path.exists('/work/shared/RULES.md')
                else os.path.join(ROOT, '..', 'shared', 'RULES.md'), encoding='utf-8').read()
quoted.update(re.findall(r'`([^`\n]{3,200})`', rules_md))

moves = sorted(q for q in quoted if re.fullmatch(r'(huff [a-k]\d{1,2} )?[a-k]\d{1,2}([-:][a-k]\d{1,2})+', q))
tafl9 = sorted(q for q in quoted if re.fullmatch(r'[adk0-9]+(/[adk0-9]+){8} [ad]', q))
tafl7 = sorted(q for q in quoted if re.fullmatch(r'[adk0-9]+(/[adk0-9]+){6} [ad]', q))
tafl11 = sorted(q for q in quoted if re.fullmatch(r'[adk0-9]+(/[adk0-9]+){10} [ad]', q))
draughts = sorted(q for q in quoted if re.fullmatch(r'[WB]:W[^:]*:B.*', q))
alquerque = sorted(q for q in quoted if re.fullmatch(r'[wb0-9]+(/[wb0-9]+){4} [wb] \S+ \S+', q))

def rule_seeds(positions, malformed):
    small = [m for m in moves if len(m) < 30]
    seeds = []
    for i, p in enumerate(positions):
        seeds.append(p)
        seeds.append(p + '\n' + '\n'.join(small[i % len(small)::max(1, len(small) // 3)][:3]))
    seeds.append('\n' + '\n'.join(small[:8]))
    seeds += malformed
    return seeds

bad_tafl = ['', ' a', '9/9/9/9/9/9/9/9/9 a', 'k8/9/9/9/9/9/9/9/9 d', '3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a4 a',
            '99/9/9/9/9/9/9/9/9 a', '0k8/9/9/9/9/9/9/9/9 a', 'kk7/9/9/9/9/9/9/9/9 a\ne1-e3', '\ne1-e3\ne1:e3\nz9-a1']
bad_draughts = ['', 'W:', 'W:W:B', 'W:Wa1:Bb2', 'W:Wa1,,c1:Bh8', 'W:Wa1,:Bh8', 'X:Wa1:Bh8', 'W:WKa1:BKa1',
                'B:Wh8,a1:Ba7', 'W:W:B\nc3-d4', 'W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3,b4,d4,f4,h4:Ba5,c5,e5,g5,b6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8']
bad_alq = ['', 'w', '5/5/5/5/5 w - -', 'wwwww/wwwww/wwwww/wwwww/wwwww b - -', 'bbbbb/bbbbb/bb1ww/wwwww/wwwww w a1-b1 -',
           'bbbbb/bbbbb/bb1ww/wwwww/wwwww w - a1,b1', 'b4/5/5/5/4w w - -', '5/5/5/5/5 b - -\nhuff a1 a1-a2',
           'bbbbb/bbbbb/bb1ww/wwwww/wwwww w c3-d3,a1-a2 a5,b5']
write('tavlei_fuzz', rule_seeds(tafl9, bad_tafl))
write('tablut_fuzz', rule_seeds(tafl9, bad_tafl))
write('seatafl_fuzz', rule_seeds(tafl9, bad_tafl))
write('seatafl11_fuzz', rule_seeds(tafl11 + tafl9[:3], bad_tafl + ['11/11/11/11/11/11/11/11/11/11/11 a']))
write('copenhagen_fuzz', rule_seeds(tafl11 + tafl9[:2], bad_tafl + ['11/11/11/11/11/11/11/11/11/11/11 a']))
write('brandubh_fuzz', rule_seeds(tafl7 + tafl9[:2], bad_tafl + ['7/7/7/7/7/7/7 a', '3a3/3a3/3d3/aadkdaa/3d3/3a3/3a3 d\nd3-d1']))
write('draughts_fuzz', rule_seeds(draughts, bad_draughts))
write('alquerque_fuzz', rule_seeds(alquerque, bad_alq))

# Protocol: every sample frame of docs/protocol.md (some elided with "...", kept as
# malformed input), frames quoted in the app tests, and malformed JSON.
doc = open(os.path.join(ROOT, 'docs', 'protocol.md'), encoding='utf-8').read()
frames = []
for block in re.findall(r'```json\n(.*?)```', doc, re.S):
    current = None
    for line in block.splitlines():
        if line.startswith(('→ ', '← ')):
            if current: frames.append(current)
            current = line[2:]
        elif current is not None and line.startswith(' '):
            current += line.strip()
        else:
            if current: frames.append(current)
            current = None
            if line.startswith('{'): frames.append(line)
    if current: frames.append(current)
frames = [re.sub(r'\s+(//.*|\(to everyone\))$', '', f).strip() for f in frames]
malformed = ['', '{', '[]', '"ping"', '{"type":7}', '{"id":1}', '{"type":"ping","id":1.5}',
             '{"type":"ping","id":-9223372036854775808}', '{"type":"ping","id":18446744073709551615}',
             '{"type":"move","game_id":"g","ply":-1,"move":"e1-e3"}', '{"type":"move","game_id":"g","ply":1e300}',
             '{"type":"guest","name":"\\u0000\\ud800"}', '[' * 200 + ']' * 200, '{"type":"create_room","options":{"size":[]}}',
             '{"type":"list_games","limit":0,"before":"x"}', '{"type":"pong","id":{"a":1}}',
             '{"type":"set_notifications","reminder_hours":[1e9,-1,"x"]}', '{"type":"set_notifications","email":7}',
             '{"type":"set_notifications","new_webhook_secret":"yes","webhook_url":null}']
# The move request's fast path (move_codec.cpp): plain shapes it takes, and near misses
# it must hand to the generic decoder.
fast_moves = ['{"type":"move","game_id":"g1a2-3f","ply":%d,"move":"%s","id":%s}' % (p, m, i)
              for p, m, i in [(0, 'f9-f8', '7'), (12, 'c3:e5:g3', '"abc"'), (3, 'huff b2 c3-d4', '-1'),
                              (2147483647, 'a1-a2', '9223372036854775807')]]
fast_moves += ['{ "move" : "e1-e3" , "ply" : 1 , "game_id" : "g" , "type" : "move" }',
               '{"type":"move","game_id":"g","ply":1,"move":"e1-e3","move":"e1-e4"}',
               '{"type":"move","game_id":"g\\u0041","ply":1,"move":"e1-e3"}',
               '{"type":"move","game_id":"g","ply":2147483648,"move":"e1-e3"}',
               '{"type":"move","game_id":"g","ply":1,"move":"e1-e3","id":9223372036854775808}']
write('protocol_fuzz', frames + malformed + fast_moves)

# Echoed text (echo_fuzz): plain names and ids, every kind of broken UTF-8, long text.
# The first byte picks the server message whose strings get the rest.
echo_texts = [b'', b'alice', b'r18f2c3a4b5-1a2b3c4d', 'кирилл ♔ 🎲'.encode(), b'\xff\xfe', b'\xc3', b'\xc3(',
                    b'\xe0\x80\x80', b'\xed\xa0\x80', b'\xf4\x90\x80\x80', b'"\\\n\x00\x1f',
                    'é'.encode() * 40, b'x' * 300]
write('echo_fuzz', [bytes([i]) + t for i in range(0, 48, 3) for t in echo_texts[i % len(echo_texts):][:2]])
# HTTP requests (http_fuzz): a target line, then header lines.
write('http_fuzz', [b'/healthz', b'/metrics', b'/api/lobby', b'/api/games', b'/api/games?game=tablut&limit=5',
                    b'/api/games?player=al+ice&result=draw&from=0&to=99999999999999',
                    b'/api/games?cursor=%ff%fe', b'/api/games?cursor=MTcwMDAwMDAwMDAwMHxnMQ', b'/api/games/\xff',
                    b'/api/games/g18f2c3a4b5-1a2b3c4d', b'/api/games/a/b', b'/api/games?limit=0', b'/api/games?x=1',
                    b'/api/games?%zz', b'/ws', b'/nope?a=%c3',
                    # The export routes (docs/records.md).
                    b'/api/games/g1/export', b'/api/games/\xff"/export', b'/api/games//export',
                    b'/api/games/g1/export?x=1', b'/api/games/export', b'/api/games/export?game=draughts&player=al',
                    b'/api/games/export?format=ndjson&result=first', b'/api/games/export?format=xml',
                    b'/api/games/export?limit=5', b'/api/games/export?cursor=c1.5.6731',
                    b'/api/games/export\nAccept: application/x-ndjson', b'/api/games/export/g1',
                    # The explorer (docs/explorer.md).
                    b'/api/explorer?game=copenhagen', b'/api/explorer?game=brandubh&moves=d2-e2,c4-c2',
                    b'/api/explorer?game=seatafl&options=size:11&moves=a4-a2&source=here&rating=1600-2000',
                    b'/api/explorer?game=draughts&moves=c3-d4,f6-e5,d4:f6&since=2024-01&until=2024-06',
                    b'/api/explorer?game=brandubh&moves=%ff%fe,,x&rating=-&since=2024-13',
                    b'/api/explorer?game=alquerque&moves=' + b'c2-c3,' * 210,
                    # The HTTP API for programs (docs/api.md), with a body and a token.
                    b'/api/account\nAuthorization: Bearer bhp_' + b'0' * 64, b'/api/token',
                    b'/api/stream/event\nAuthorization: bearer  bhp_' + b'a' * 63,
                    b'/api/bot/game/stream/g18f2c3a4b5-1a2b3c4d', b'/api/board/game/stream/g%2f..',
                    b'/api/bot/game/g1/move/c3%3Ae5%3Ag3', b'/api/board/game/g1/move/huff%20c3%20b2-b3',
                    b'/api/board/game/g1/move/%zz', b'/api/board/game/g1/draw/yes', b'/api/board/game/g1/takeback/no',
                    b'/api/board/game/g1/chat\nBody: text=gl+hf%21',
                    b'/api/board/game/g1/chat\nContent-Type: application/json\nBody: {"text":["x"]}',
                    b'/api/challenge/ai\nBody: game=seatafl&options=size:11&level=3&side=second&clock=300+5',
                    b'/api/challenge/ai\nBody: {"game":"tablut","clock":"3d","level":2.5}',
                    b'/api/challenge/ai?game=brandubh\nBody: level=9&clock=fast', b'/api/bot/account/upgrade',
                    # The mails' links (docs/notifications.md).
                    b'/notifications/verify?token=' + b'a' * 48, b'/notifications/unsubscribe?token=%00%27--',
                    b'/notifications/unsubscribe', b'/notifications/verify?token=a&token=b&x=1',
                    b'/healthz\nX-Forwarded-For: 198.51.100.7, 10.0.0.2\nOrigin: https://play.example\nHost: h',
                    b'/healthz\nForwarded: for="[2001:db8::7]:4711";proto=https, for=10.0.0.1\nHost: h:8080',
                    b'/healthz\nForwarded: for=unknown\nX-Forwarded-For: junk\nOrigin: http://h:8080\nHost: h:8080',
                    # The web client's files and pages (web/site_answer).
                    b'/', b'/room/r1?invite=abc', b'/game/g1/x', b'/archive', b'/js/app/main.js', b'/favicon.ico',
                    b'/css/app.css\nIf-None-Match: "0004"', b'/\nIf-None-Match: W/"0001", *', b'/js/', b'/.env',
                    b'/%2e%2e/%2E%2e/etc/passwd', b'/js%2fapp%2fmain.js', b'/a%5cb', b'/a%00b', b'/%c0%ae/x',
                    b'/room/%ff', b'//etc/passwd', b'/..\\x'])
# Chat lines (chat_fuzz): plain, spaces to trim, the longest, every kind of refusal.
write('chat_fuzz', [b'good game', b'   gg   ', b'\xc2\xa0gg\xe3\x80\x80', b'x' * 140, b'x' * 141,
                    '\u0436'.encode() * 140, '\U0001F600'.encode() * 141, b'', b'    ', b'two\nlines', b'\x1b[2Jx',
                    b'a\x7f', b'a\xc2\x9bb', b'a\xe2\x80\xa8b', b'\xe2\x80\xaegnp.exe', b'x\xe2\x81\xa6y',
                    b'\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d \xe2\x80\x8f!', b'\xff', b'a\xc3', b'\xed\xa0\x80',
                    b'\xf4\x90\x80\x80', b'\xc0\xaf'])
print({d: len(os.listdir(os.path.join(OUT, d))) for d in sorted(os.listdir(OUT))})
