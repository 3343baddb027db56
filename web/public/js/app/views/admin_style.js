// The moderators' page's own stylesheet (css/admin.css), after the other pages' (its
// top-level await holds the view's import until the sheet has loaded or failed).

await new Promise((resolve) =>
  document.head.append(Object.assign(document.createElement('link'), { rel: 'stylesheet', href: '/css/admin.css', onload: resolve, onerror: resolve })));
