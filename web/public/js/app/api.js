// The HTTP API's JSON documents (docs/protocol.md, "HTTP"), for the pages that read them.

/** GET a JSON document of the API: {status, body} (body null when it is not JSON). */
export async function getJson(win, url) {
  const res = await win.fetch(url, { headers: { accept: 'application/json' } });
  let body = null;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  return { status: res.status, body };
}
