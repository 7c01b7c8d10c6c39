// Runs before the page paints: applies the theme saved under localStorage "theme"
// ("light", "dark" or "system"; system when absent) so the page never flashes the wrong one.
(function () {
  var root = document.documentElement;
  var choice = 'system';
  try {
    var saved = window.localStorage.getItem('theme');
    if (saved === 'light' || saved === 'dark' || saved === 'system') choice = saved;
  } catch (e) {
    // Storage can be blocked; the system preference still applies.
  }
  var isDark =
    choice === 'dark' ||
    (choice === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  root.classList.remove('light', 'dark');
  root.classList.add(isDark ? 'dark' : 'light');
  root.style.colorScheme = isDark ? 'dark' : 'light';
})();
