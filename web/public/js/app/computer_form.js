// The "Play the computer" dialog's choices turned into a play_computer request, checked
// as the create form's are (room_form.js) plus the level. Pure; the server checks again.

import { buildCreateRoom } from './room_form.js';

/** The computer's levels (docs/protocol.md): 1, a beginner who blunders, to 8, the strongest. */
export const LEVELS = [1, 2, 3, 4, 5, 6, 7, 8];
export const DEFAULT_LEVEL = 4;

/**
 * `form`: {game, options, clock, minutes, increment, side, level} as the fields' strings;
 * `info`: the game from `welcome`. {ok:true, request} or {ok:false, error, params}.
 */
export function buildPlayComputer(form, info) {
  const level = Number(String(form.level ?? DEFAULT_LEVEL).trim());
  if (!LEVELS.includes(level)) return { ok: false, error: 'computer.bad_level' };
  const built = buildCreateRoom({ ...form, games: '1', private: false }, info);
  if (!built.ok) return built;
  const { game, options, clock, side } = built.request;
  return { ok: true, request: { type: 'play_computer', game, options, level, clock, side } };
}

/** Whether a room_cancelled (or an error) says no bot came or none is connected. */
export const noComputer = (msg) => msg?.reason === 'no_computer' || msg?.code === 'no_computer';
