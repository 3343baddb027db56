// The stylesheet of every page but the game's (css/pages.css). Their views import this
// module: its top-level await holds their import until the sheet has loaded (or failed),
// so nothing shows unstyled. The game page never loads it.

await new Promise((resolve) =>
  document.head.append(Object.assign(document.createElement('link'), { rel: 'stylesheet', href: '/css/pages.css', onload: resolve, onerror: resolve })));
