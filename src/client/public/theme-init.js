// Runs before first paint: apply the saved theme ('theme' in localStorage), else the system preference.
(function () {
  var saved = null;
  try {
    saved = window.localStorage.getItem('theme');
  } catch {
    // Storage can be blocked; fall back to the system preference.
  }
  var prefersDark = !!(window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  var theme = saved === 'light' || saved === 'dark' ? saved : prefersDark ? 'dark' : 'light';
  var root = document.documentElement;
  if (theme === 'dark') root.classList.add('dark');
  else root.classList.remove('dark');
  root.style.colorScheme = theme;
})();
