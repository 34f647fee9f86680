// A page bridge that recurses without end while loading.
(function deeper(n) { return deeper(n + 1) + 1; })(0);
