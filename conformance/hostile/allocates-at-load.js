// A page bridge that allocates without bound while loading.
var text = 'x';
for (;;) { text += text; }
