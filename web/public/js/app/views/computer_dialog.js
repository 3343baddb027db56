// "Play the computer": a modal dialog with the game, its options, the level (1-8, each
// described), the clock and the side. It sends play_computer and then waits, with
// Cancel (cancel_room), until the bot joins: game_started takes the page to the game
// (app.js). It says so plainly when no bot is connected (error no_computer) or when the
// bot never came (room_cancelled, reason no_computer). Loaded by the lobby on first use.

import { h, replace } from '../dom.js';
import { CLOCK_PRESETS, SIDES } from '../room_form.js';
import { LEVELS, DEFAULT_LEVEL, buildPlayComputer, noComputer } from '../computer_form.js';
import { gameName, sideName, errorText } from '../describe.js';
import { clockFields } from './clock_fields.js';
import { computerWords } from './computer_words.js';

/**
 * Opens the dialog. Returns {onMessage(msg), close(), closed} for the lobby, which passes
 * on the server's messages and closes it when the page goes; `closed` resolves once it is.
 * @param {import('../app.js').App} app
 */
export function openComputerDialog(app) {
  const t = app.t;
  const w = computerWords(t);
  const games = app.welcome.games;
  const field = (id, label, control) => h('div', { class: 'field' }, h('label', { for: id }, label), control);

  const game = h('select', { id: 'pc-game', testid: 'computer-game' }, games.map((g) => h('option', { value: g.id }, gameName(t, g.id, g.name))));
  const options = h('div', { class: 'options' });
  const level = h('select', { id: 'pc-level', testid: 'computer-level' },
    LEVELS.map((n) => h('option', { value: String(n), selected: n === DEFAULT_LEVEL }, w('computer.level_option', { n }))));
  const about = h('p', { class: 'muted level-about', testid: 'computer-level-about', 'aria-live': 'polite' });
  const clock = clockFields(t, 'pc', 'computer', CLOCK_PRESETS.filter((p) => p !== 'custom'), '10+5');
  const side = h('select', { id: 'pc-side', testid: 'computer-side' });
  const error = h('p', { class: 'form-error', role: 'alert', testid: 'computer-error' });
  const submit = h('button', { type: 'submit', class: 'primary', testid: 'computer-submit' }, w('computer.submit'));
  const close = h('button', { type: 'button', testid: 'computer-close', onclick: () => dialog.close() }, w('computer.close'));
  const body = h('div');
  const info = () => games.find((g) => g.id === game.value);
  let waiting = null; // the room_created reply while the bot is awaited
  let sending = false;

  function drawGame() {
    const g = info();
    replace(options, g.options.map((o) => {
      const id = `pc-opt-${o.name}`;
      const control = o.allowed.length
        ? h('select', { id, name: o.name, testid: `computer-option-${o.name}` },
            o.allowed.map((v) => h('option', { value: String(v), selected: v === o.default }, String(v))))
        : h('input', { id, name: o.name, testid: `computer-option-${o.name}`, type: 'number', min: '1', step: '1', inputmode: 'numeric', placeholder: t('create.no_limit') });
      return field(id, t.maybe(`option.${o.name}`, o.description), control);
    }));
    const chosen = side.value || 'random';
    replace(side, SIDES.map((s) => h('option', { value: s, selected: s === chosen },
      s === 'random' ? t('side.random') : `${sideName(t, g[`${s}_side`])} (${t(`create.side_${s}`)})`)));
  }
  const drawAbout = () => { about.textContent = w(`computer.level_${level.value}`); };
  game.addEventListener('change', drawGame);
  level.addEventListener('change', drawAbout);
  drawGame();
  drawAbout();

  const form = h('form', { class: 'computer-form', testid: 'computer-form', onsubmit: send },
    h('div', { class: 'grid' },
      field('pc-game', t('create.game'), game), options,
      h('div', { class: 'field' }, h('label', { for: 'pc-level' }, w('computer.level')), level, about),
      field('pc-clock', t('create.clock'), clock.select), clock.fields, field('pc-side', t('create.side'), side)),
    error,
    h('div', { class: 'row' }, close, submit));

  async function send(e) {
    e.preventDefault();
    if (sending) return;
    error.textContent = '';
    const values = {
      game: game.value, level: level.value, ...clock.values(), side: side.value,
      options: Object.fromEntries([...options.querySelectorAll('[name]')].map((el) => [el.name, el.value])),
    };
    const built = buildPlayComputer(values, info());
    if (!built.ok) {
      error.textContent = t(built.error, built.params);
      return;
    }
    sending = true;
    submit.disabled = true;
    try {
      const reply = await app.conn.request(built.request);
      if (dialog.open) showWaiting(reply);
    } catch (err) {
      error.textContent = noComputer(err) ? w('computer.no_computer') : errorText(t, err);
    } finally {
      sending = false;
      submit.disabled = false;
    }
  }

  function showWaiting(reply) {
    waiting = reply;
    const n = reply.room?.computer_level ?? Number(level.value);
    replace(body,
      h('p', { class: 'waiting', testid: 'computer-waiting' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), t('computer.waiting', { n })),
      h('div', { class: 'row' }, h('button', { type: 'button', class: 'danger', testid: 'computer-cancel', onclick: cancelWait }, t('computer.cancel'))));
  }

  function showForm(note = '') {
    waiting = null;
    error.textContent = note;
    replace(body, form);
  }

  async function cancelWait(e) {
    const room = waiting?.room?.room_id;
    if (e) e.target.disabled = true;
    showForm();
    if (!room) return;
    try {
      await app.conn.request({ type: 'cancel_room', room_id: room });
    } catch (err) {
      if (err.code !== 'unknown_room') app.showError(err); // already gone: the game may have started
    }
    if (app.myRoom?.room.room_id === room) app.myRoom = null;
  }

  const dialog = h('dialog', { class: 'computer', testid: 'computer-dialog', 'aria-labelledby': 'pc-title' },
    h('h2', { id: 'pc-title' }, w('computer.title')), body);
  // Closing while the bot is awaited withdraws the request.
  let done;
  const closed = new Promise((resolve) => { done = resolve; });
  dialog.addEventListener('close', () => {
    if (waiting) cancelWait();
    dialog.remove();
    done();
  });
  showForm();
  app.doc.body.append(dialog);
  dialog.showModal();
  game.focus();

  return {
    closed,
    onMessage(msg) {
      if (!waiting) return;
      if (msg.type === 'room_cancelled' && msg.room_id === waiting.room?.room_id) {
        showForm(noComputer(msg) ? w('computer.did_not_come') : '');
      } else if (msg.type === 'game_started' && msg.state?.room_id === waiting.room?.room_id) {
        waiting = null; // the app follows the game; the lobby's end closes the dialog
      }
    },
    close() {
      waiting = null;
      if (dialog.open) dialog.close();
    },
  };
}
