// The challenges' stylesheet (css/challenge.css: the bar on every page, the profile's
// dialog); its top-level await holds the module's import until the sheet has loaded.

await new Promise((resolve) =>
  document.head.append(Object.assign(document.createElement('link'), { rel: 'stylesheet', href: '/css/challenge.css', onload: resolve, onerror: resolve })));
