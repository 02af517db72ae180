// Runs before the app's bundle so a stored light theme doesn't flash dark first (a file, not an inline
// script, so the Content-Security-Policy can forbid inline scripts). The React theme provider takes over after.
(function () {
  'use strict';
  var theme;
  try {
    theme = window.localStorage.getItem('theme');
  } catch (_error) {
    theme = null;
  }
  if (theme === 'system') {
    theme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  if (theme === 'light' || theme === 'dark') {
    document.documentElement.classList.remove('light', 'dark');
    document.documentElement.classList.add(theme);
  }
})();
