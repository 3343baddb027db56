// The API tokens page's own stylesheet (css/account.css), after the other pages' (its
// top-level await holds the view's import until the sheet has loaded or failed).

await new Promise((resolve) =>
  document.head.append(Object.assign(document.createElement('link'), { rel: 'stylesheet', href: '/css/account.css', onload: resolve, onerror: resolve })));
