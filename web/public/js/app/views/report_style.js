// The report dialog's stylesheet (css/report.css), loaded before the dialog shows.

await new Promise((resolve) =>
  document.head.append(Object.assign(document.createElement('link'), { rel: 'stylesheet', href: '/css/report.css', onload: resolve, onerror: resolve })));
