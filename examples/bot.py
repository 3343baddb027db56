#!/usr/bin/env python3
"""A complete Boardhall bot: random legal moves through the HTTP API (docs/api.md).
    python3 examples/bot.py --server http://HOST:PORT --token-file PATH \\
        [--challenge-ai GAME [--level N] [--games N]]
It plays every game the event stream announces, each in a thread. With --challenge-ai it
also starts games against the server's computer, one after another, and exits once
--games of them have ended. Every state carries the legal moves, so a bot needs no rules
of its own: to make it play well, rewrite choose_move. Standard library only."""
import argparse, json, os, random, sys, threading, time, urllib.error, urllib.parse, urllib.request

SERVER = "http://127.0.0.1:8080"  # from --server
HEADERS = {}                      # {"Authorization": "Bearer bhp_..."}

def call(method, path, form=None):
    """Sends one request and returns the open response; waits and retries on 429."""
    body = urllib.parse.urlencode(form).encode() if form is not None else None
    while True:
        request = urllib.request.Request(SERVER + path, data=body, method=method, headers=HEADERS)
        try:
            return urllib.request.urlopen(request)  # raises HTTPError on a 4xx or 5xx
        except urllib.error.HTTPError as error:
            if error.code != 429:  # 429: over the token's rate, nothing was done
                raise
            time.sleep(float(error.headers.get("Retry-After") or 1))

def messages(stream):
    """The JSON objects of an ndjson stream, one a line; empty lines only keep it open."""
    for line in stream:
        if line.strip():
            yield json.loads(line)

def choose_move(legal, state):
    """The engine: any legal move. `state` also has the position, the ply, the clocks..."""
    return random.choice(legal)

def play(kind, game_id):
    """Plays one game to its end: a move whenever a message gives us legal moves."""
    try:
        with call("GET", f"/api/{kind}/game/stream/{game_id}") as stream:
            for message in messages(stream):  # first a game_state, then the game's events
                if message["type"] == "game_over":
                    return
                state = message.get("state", message)  # game_state nests it; a move is flat
                legal = state.get("legal")  # a list only when we are the side to move
                if message["type"] in ("game_state", "move") and isinstance(legal, list) and legal:
                    move = choose_move(legal, state)
                    try:
                        call("POST", f"/api/{kind}/game/{game_id}/move/"
                                     + urllib.parse.quote(move, safe="")).close()
                    except urllib.error.HTTPError as error:  # say so; the next state will come
                        print(f"{game_id}: {move}: {error.code} {error.read().decode()}", file=sys.stderr)
    except OSError as error:  # the stream refused (HTTPError) or the connection lost
        print(f"{game_id}: {error}", file=sys.stderr)

def main():
    global SERVER
    parser = argparse.ArgumentParser(description="A Boardhall bot that plays random legal moves.")
    parser.add_argument("--server", required=True, help="e.g. http://127.0.0.1:8080")
    parser.add_argument("--token-file", help="the file holding the API token (else $BOARDHALL_TOKEN)")
    parser.add_argument("--challenge-ai", metavar="GAME", help="play GAME against the server's computer")
    parser.add_argument("--level", type=int, default=4, help="the computer's level, 1 to 8 (default 4)")
    parser.add_argument("--games", type=int, default=1, help="games to play with --challenge-ai (default 1)")
    args = parser.parse_args()
    token = open(args.token_file).read() if args.token_file else os.environ.get("BOARDHALL_TOKEN", "")
    if not token.strip():
        parser.error("no token: give --token-file PATH or set BOARDHALL_TOKEN")
    SERVER = args.server.rstrip("/")
    HEADERS["Authorization"] = "Bearer " + token.strip()
    with call("GET", "/api/account") as response:  # a bot account plays on /api/bot/...
        kind = "bot" if json.load(response)["bot"] else "board"
    our_rooms, ended = set(), 0  # the rooms of our challenges; how many of them have ended

    def challenge():  # the game starts when the computer joins: gameStart on the stream
        form = {"game": args.challenge_ai, "level": args.level}
        with call("POST", "/api/challenge/ai", form) as response:  # 201 {"room_id":...}
            our_rooms.add(json.load(response)["room_id"])

    with call("GET", "/api/stream/event") as events:
        if args.challenge_ai:
            challenge()
        for event in messages(events):
            game = event.get("game", {})
            if event["type"] == "gameStart":
                threading.Thread(target=play, args=(kind, game["game_id"]), daemon=True).start()
            elif event["type"] == "gameFinish":
                print(game["game_id"], game["game"], game["result"], game["reason"], flush=True)
                if game.get("room_id") in our_rooms:
                    ended += 1
                    if ended >= args.games:
                        return 0
                    challenge()
    print("the event stream closed", file=sys.stderr)
    return 1

if __name__ == "__main__":
    try:
        sys.exit(main())
    except urllib.error.HTTPError as error:  # e.g. 401 (the token), 503 no_computer
        sys.exit(f"{error.url}: {error.code} {error.read().decode(errors='replace')}")
