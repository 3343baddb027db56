// A game's chat under the move list: the lines of the visitor's channel (players with
// each other, spectators among themselves), the field with its 140-character counter,
// and, for a player, muting the opponent. A line's text is only ever set as text
// (textContent): what looks like markup in it stays visible characters.

import { h, replace, setText } from '../dom.js';
import { channelFor, checkChat, chatCounter, codePoints, CHAT_MAX } from '../chat_state.js';
import { errorText } from '../describe.js';

/** @param {import('../app.js').App} app */
export function chatPanel(app, gameId) {
  const t = app.t;
  const title = h('h2', { id: 'chat-h', testid: 'chat-channel' });
  const log = h('ol', { class: 'chat-log', testid: 'chat-log', 'aria-live': 'polite', 'aria-labelledby': 'chat-h' });
  const input = h('input', { id: 'chat-text', testid: 'chat-input', type: 'text', autocomplete: 'off', enterkeyhint: 'send', 'aria-describedby': 'chat-count' });
  const count = h('span', { id: 'chat-count', class: 'muted chat-count', testid: 'chat-count' });
  const send = h('button', { type: 'submit', testid: 'chat-send' }, t('chat.send'));
  const error = h('p', { class: 'form-error', role: 'alert', testid: 'chat-error' });
  const mute = h('button', { type: 'button', class: 'link', testid: 'chat-mute', onclick: () => toggleMute() });
  const form = h('form', { class: 'chat-form', onsubmit: (e) => { e.preventDefault(); submit(); } },
    h('label', { for: 'chat-text', class: 'visually-hidden' }, t('chat.label')), input, send);
  const needName = h('p', { class: 'muted', testid: 'chat-need-name' }, t('chat.need_name'));
  const el = h('section', { class: 'chat', testid: 'chat', 'aria-labelledby': 'chat-h' }, title, log, form, h('div', { class: 'row chat-foot' }, count, mute), error, needName);
  let shown = 0;
  let sending = false;

  const you = () => app.games.get(gameId)?.you ?? null;

  function counter() {
    const n = codePoints(input.value.replace(/^ +| +$/g, ''));
    setText(count, chatCounter(input.value));
    count.classList.toggle('over', n > CHAT_MAX);
    send.disabled = sending || n === 0 || n > CHAT_MAX;
  }
  input.addEventListener('input', () => { setText(error, ''); counter(); });

  async function submit() {
    const checked = checkChat(input.value);
    if (!checked.ok) return setText(error, t(checked.error, { max: CHAT_MAX }));
    sending = true;
    counter();
    try {
      await app.conn.request({ type: 'chat', game_id: gameId, text: checked.text });
      input.value = '';
    } catch (err) {
      setText(error, errorText(t, err));
    } finally {
      sending = false;
      counter();
    }
  }

  async function toggleMute() {
    const muting = !app.muted.has(gameId);
    try {
      await app.conn.request({ type: muting ? 'mute' : 'unmute', game_id: gameId });
      if (muting) app.muted.add(gameId);
      else app.muted.delete(gameId);
      update();
    } catch (err) {
      setText(error, errorText(t, err));
    }
  }

  function lineNode(line) {
    const from = document.createElement('span');
    from.className = 'from';
    from.textContent = line.from;
    const text = document.createElement('span');
    text.className = 'text';
    text.textContent = line.text; // as text, never as markup
    return h('li', { testid: 'chat-line' }, from, ': ', text);
  }

  /** Redraws for the current state (new lines are appended, not redrawn). */
  function update() {
    const channel = channelFor(you());
    setText(title, t(channel === 'players' ? 'chat.players' : 'chat.spectators'));
    const lines = (app.chats.get(gameId) || []).filter((l) => l.channel === channel);
    if (lines.length < shown) { replace(log); shown = 0; }
    const atEnd = log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
    for (const line of lines.slice(shown)) log.append(lineNode(line));
    if (lines.length > shown && atEnd) log.scrollTop = log.scrollHeight;
    shown = lines.length;
    const named = Boolean(app.identity);
    form.hidden = !named;
    count.hidden = !named;
    needName.hidden = named;
    mute.hidden = !you();
    const muted = app.muted.has(gameId);
    setText(mute, t(muted ? 'chat.unmute' : 'chat.mute'));
    mute.setAttribute('aria-pressed', String(muted));
    counter();
  }

  update();
  return { el, update };
}
