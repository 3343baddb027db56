// Challenges (docs/protocol.md, "Challenge a player"): the visitor's challenges after
// each message (those waiting for them, their own, and how their own ended); a challenge
// in words. Pure. (The challenge_player request is room_form.js's: the create form's.)

import { gameName, optionsText, sideName, controlText, reasonText } from './describe.js';
import { ratingText } from './rating.js';

/** decline_challenge's reasons, in the order the picker offers them (`generic` first: no reason). */
export const DECLINE_REASONS = ['generic', 'later', 'too_fast', 'too_slow', 'time_control', 'rated', 'casual', 'variant', 'no_bot', 'only_bot'];

/**
 * @typedef {{room:object, expires_ms:number|null}} Challenge
 * @typedef {{room:object, reason:string, decline:string|null, gameId?:string}} Ended how one of ours ended
 * @typedef {{incoming:Challenge[], outgoing:Challenge[], ended:Ended[]}} Challenges
 */

/** @returns {Challenges} */
export const noChallenges = () => ({ incoming: [], outgoing: [], ended: [] });

const idOf = (c) => c?.room?.room_id;
const entry = (c) => ({ room: c.room, expires_ms: Number.isFinite(c.expires_ms) ? c.expires_ms : null });
const listed = (list) => (Array.isArray(list) ? list.filter(idOf).map(entry) : []);
const without = (list, id) => list.filter((c) => idOf(c) !== id);

/** `s` without the challenge of room `id` (one answered here: accepted or declined). */
export const dropChallenge = (s, id) => ({ ...s, incoming: without(s.incoming, id), outgoing: without(s.outgoing, id) });

/** `s` without the end of room `id` (put away). */
export const dropEnded = (s, id) => ({ ...s, ended: s.ended.filter((e) => idOf(e) !== id) });

/**
 * The visitor's challenges after `msg` (the same object when it changes nothing). `me`:
 * the visitor's name (null: signed out, nothing kept). `correspondence`: whether the game
 * of a `game_started` is one (ours accepted: a live one's page is opened, a correspondence
 * one's end says so).
 * @param {Challenges} s
 */
export function reduceChallenges(s, msg, me, correspondence = false) {
  switch (msg.type) {
    case 'welcome': // a new connection: the list comes again after the identity
      return me || !(s.incoming.length || s.outgoing.length || s.ended.length) ? s : noChallenges();
    case 'challenges':
      return { ...s, incoming: listed(msg.incoming), outgoing: listed(msg.outgoing) };
    case 'challenge_received':
      return idOf(msg) ? { ...s, incoming: [...without(s.incoming, idOf(msg)), entry(msg)] } : s;
    case 'room_created': // ours: what came before it is put away
      return msg.room?.challenged ? { incoming: s.incoming, outgoing: [...without(s.outgoing, idOf(msg)), entry(msg)], ended: [] } : s;
    case 'room_cancelled': {
      const ours = s.outgoing.find((c) => idOf(c) === msg.room_id);
      if (!ours && !s.incoming.some((c) => idOf(c) === msg.room_id)) return s;
      // Its end is said to the challenger, but for their own cancel_room (no reason).
      const ended = ours && msg.reason ? [...s.ended, { room: ours.room, reason: msg.reason, decline: msg.decline_reason ?? null }] : s.ended;
      return { ...dropChallenge(s, msg.room_id), ended };
    }
    case 'game_started': {
      const id = msg.state?.room_id;
      const ours = s.outgoing.find((c) => idOf(c) === id);
      if (!ours && !s.incoming.some((c) => idOf(c) === id)) return s;
      const ended = ours && correspondence ? [...s.ended, { room: ours.room, reason: 'accepted', decline: null, gameId: msg.state.game_id }] : s.ended;
      return { ...dropChallenge(s, id), ended };
    }
    default:
      return s;
  }
}

/**
 * What a challenge offers, as its challenged player reads it: `Tablut 5+3, rated`,
 * `Sea tafl (board size 11), 3 days per move, match of 2, casual, you play: defenders`.
 * `info`: the game from `welcome` (for the side's name), when known.
 */
export function challengeWhat(t, room, info = null) {
  const game = gameName(t, room.game) + (Object.keys(room.options || {}).length ? ` (${optionsText(t, room.options)})` : '');
  const control = controlText(t, room);
  const live = room.clock && !room.correspondence;
  const yours = { first: 'second', second: 'first' }[room.creator_side];
  return [live ? `${game} ${control}` : game, live ? null : (control ?? t('clock.none')),
    room.games > 1 ? t('room.match_of', { n: room.games }) : null, t(room.rated ? 'seek.rated' : 'seek.casual'),
    yours && info ? t('room.your_side', { side: sideName(t, info[`${yours}_side`]) }) : null].filter(Boolean).join(', ');
}

/** `alice (1500?)`: the challenger, with their rating when the room has it. */
export function challengerText(room) {
  const r = ratingText(room.creator_rating);
  return r ? `${room.creator} (${r})` : room.creator;
}

/**
 * How one of ours ended, in the challenge words `w`: [the sentence, the decline's reason
 * in words or null].
 * @param {Ended} e
 */
export function endedText(w, t, e) {
  const player = e.room.challenged;
  if (e.reason === 'declined') return [w('chal.declined', { player }), DECLINE_REASONS.includes(e.decline) ? w(`chal.reason_${e.decline}`) : null];
  if (e.reason === 'expired') return [w('chal.expired', { player }), null];
  if (e.reason === 'accepted') return [w('chal.accepted', { player }), null];
  return [w('chal.called_off', { player, reason: reasonText(t, e.reason) }), null];
}

/** A refusal of challenge_player or of an answer, in words: the challenge's own for its codes, else as every page says it. */
export function challengeError(w, errorText, err) {
  const own = `chal.error_${err?.code}`;
  return w.maybe(own, null) ?? errorText(err);
}
