// A page bridge that never finishes loading: the harness must stop it
// (script time limit) and report the scenario as an error.
for (;;) {}
