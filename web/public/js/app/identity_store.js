// The player remembered per server in the browser's storage: name, token, registered;
// never a password. The server is its canonical WebSocket URL (docs/web.md, "Identity").

const PREFIX = 'boardhall.identity.';

/** `ws://localhost:8080/ws` for ws://127.0.0.1:8080/ws, ws://[::1]:8080/ws/ ... */
export function serverKey(wsUrl) {
  const u = new URL(wsUrl);
  const loopback = /^(127\.\d+\.\d+\.\d+|\[::1\]|localhost)$/i.test(u.hostname);
  const host = (loopback ? 'localhost' : u.hostname.toLowerCase()) + (u.port ? `:${u.port}` : '');
  return `${u.protocol}//${host}${u.pathname.replace(/\/+$/, '') || '/ws'}`;
}

export class IdentityStore {
  constructor(storage, wsUrl) {
    this.storage = storage;
    this.key = PREFIX + serverKey(wsUrl);
  }

  load() {
    try {
      const v = JSON.parse(this.storage.getItem(this.key) || 'null');
      if (!v || typeof v.player !== 'string') return null;
      return {
        player: v.player,
        token: typeof v.token === 'string' && /^[0-9a-f]{32}$/.test(v.token) ? v.token : null,
        registered: v.registered === true,
      };
    } catch {
      return null;
    }
  }

  save({ player, token, registered }) {
    try {
      this.storage.setItem(this.key, JSON.stringify({ player, token, registered: Boolean(registered) }));
    } catch {
      // Storage full or refused (private mode): the identity lasts for this page only.
    }
  }

  /** Forgets the token; the name stays as the form's suggestion. */
  forgetToken() {
    const v = this.load();
    if (v) this.save({ ...v, token: null });
  }

  clear() {
    try {
      this.storage.removeItem(this.key);
    } catch {
      // nothing to do
    }
  }
}
