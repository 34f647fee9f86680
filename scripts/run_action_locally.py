#!/usr/bin/env python3
"""Runs the repository's composite action (action.yml), or a whole workflow that uses it (a job
matrix of shards and a merge job, as docs/ci.md shows), on this machine, without GitHub and
without `act`: the way the tests check that the Action installs, builds, gates, merges and
uploads.

What it does as GitHub does:
- each `run:` step runs as `bash --noprofile --norc -eo pipefail` on a script file, in the job's
  workspace, with the step's `env:` and GITHUB_ACTION_PATH, GITHUB_WORKSPACE, GITHUB_JOB,
  GITHUB_STEP_SUMMARY and GITHUB_OUTPUT (files; `name=value` and `name<<DELIMITER` outputs are
  read back), GITHUB_REPOSITORY, GITHUB_SERVER_URL, RUNNER_OS, RUNNER_ARCH, CI=true and
  GITHUB_ACTIONS=true; workflow commands (`::error …::`) in its output are collected as
  annotations;
- `${{ … }}` expressions: contexts inputs, github, runner, env, steps, matrix, strategy, needs;
  literals, `!`, `==`, `!=`, `&&`, `||`, parentheses and the status functions success(),
  failure(), always() and cancelled(); a context member that does not exist is an error (a typo
  in the action must not pass silently), except step and job outputs, which are empty when not
  set;
- `if:` on steps and jobs, with GitHub's default `success()`: after a failed step only the
  steps that ask for it (`if: always()`) run, and the job fails;
- `uses:` steps: this action (`./`, or any `OWNER/bridgecheck@REF`); actions/checkout (the job's
  workspace is a fresh copy of --workspace already); actions/cache (its inputs are evaluated
  and printed, nothing is cached); actions/upload-artifact and actions/download-artifact (a
  local artifact store: names, paths relative to their common folder, patterns,
  merge-multiple, and the refusal to upload a name twice);
- a workflow's jobs run in the order of `needs:`, each matrix combination (`strategy.matrix`,
  lists only) as a job of its own with its own workspace copy and step summary.

Stops a job at its first failing step (apart from `if: always()` steps) and exits with the
status of the action (action mode) or 1 when a job failed (workflow mode). Prints a line per
step on standard error; --report FILE writes what happened as JSON (jobs, steps, outcomes,
outputs, step summaries, annotations, artifacts).

Usage: scripts/run_action_locally.py [--input NAME=VALUE]... [--skip STEP_ID]...
                                     [--workspace DIR] [--summary FILE] [--report FILE]
                                     [--artifacts DIR] [--env NAME=VALUE]... [--runner-os OS]
       scripts/run_action_locally.py --workflow FILE [--override NAME=VALUE]... (and the above)

A --workflow FILE is a workflow YAML file, or a Markdown file whose fenced ```yaml block follows
the line `<!-- run_action_locally: workflow -->`. --override sets an input of every use of this
action in the workflow (e.g. build-configuration=debug, jobs=1).
"""
import argparse
import fnmatch
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

try:
    import yaml
except ImportError:  # PyYAML, from PyPI, when this machine lacks it
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "pyyaml"], check=False)
    try:
        import yaml
    except ImportError:
        print("run_action_locally: cannot run: PyYAML is not installed and pip could not install it")
        sys.exit(77)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TEMPLATE = re.compile(r"\$\{\{\s*(.*?)\s*\}\}", re.S)
WORKFLOW_MARKER = "<!-- run_action_locally: workflow -->"


class Failure(Exception):
    """A mistake in the action or the workflow (not a step that failed)."""


def log(text):
    print("run_action_locally: " + text, file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------------------------
# Expressions


class Missing:
    """A context member that is allowed to be absent (an output that was not set)."""


class Context:
    """A context object: members looked up by name; `lenient` ones are '' when absent."""

    def __init__(self, name, members, lenient=False):
        self.name = name
        self.members = members
        self.lenient = lenient

    def get(self, key):
        if key in self.members:
            return self.members[key]
        if self.lenient:
            return ""
        raise Failure("%s has no member %r (it has: %s)" % (self.name, key, ", ".join(sorted(self.members)) or "none"))


TOKEN = re.compile(
    r"\s*(?:(?P<string>'(?:[^']|'')*')|(?P<number>-?\d+(?:\.\d+)?)|(?P<op>==|!=|&&|\|\||[!().,\[\]])"
    r"|(?P<name>[A-Za-z_][A-Za-z0-9_-]*))")


def tokenize(text):
    tokens, position = [], 0
    while position < len(text):
        if text[position:].strip() == "":
            break
        match = TOKEN.match(text, position)
        if not match:
            raise Failure("cannot read the expression %r at %r" % (text, text[position:]))
        position = match.end()
        kind = match.lastgroup
        tokens.append((kind, match.group(kind)))
    return tokens


def truthy(value):
    return not (value is None or value is False or value == "" or value == 0)


def as_text(value):
    if value is None:
        return ""
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def equal(a, b):
    if isinstance(a, str) and isinstance(b, str):
        return a.lower() == b.lower()
    if isinstance(a, (int, float)) and isinstance(b, str):
        try:
            return float(b) == a
        except ValueError:
            return False
    if isinstance(b, (int, float)) and isinstance(a, str):
        return equal(b, a)
    return a == b


class Evaluator:
    def __init__(self, contexts, status):
        self.contexts = contexts  # name -> Context
        self.status = status  # a function giving "success", "failure" or "cancelled"

    def evaluate(self, text):
        self.tokens = tokenize(text)
        self.index = 0
        value = self.disjunction()
        if self.index != len(self.tokens):
            raise Failure("unexpected %r in the expression %r" % (self.tokens[self.index][1], text))
        return value

    def peek(self):
        return self.tokens[self.index] if self.index < len(self.tokens) else (None, None)

    def take(self, op=None):
        kind, value = self.peek()
        if op is not None and value != op:
            raise Failure("expected %r, found %r" % (op, value))
        self.index += 1
        return kind, value

    def disjunction(self):
        left = self.conjunction()
        while self.peek()[1] == "||":
            self.take()
            right = self.conjunction()
            left = left if truthy(left) else right
        return left

    def conjunction(self):
        left = self.comparison()
        while self.peek()[1] == "&&":
            self.take()
            right = self.comparison()
            left = right if truthy(left) else left
        return left

    def comparison(self):
        left = self.unary()
        while self.peek()[1] in ("==", "!="):
            _, op = self.take()
            right = self.unary()
            left = equal(left, right) if op == "==" else not equal(left, right)
        return left

    def unary(self):
        if self.peek()[1] == "!":
            self.take()
            return not truthy(self.unary())
        return self.primary()

    def primary(self):
        kind, value = self.take()
        if value == "(":
            inner = self.disjunction()
            self.take(")")
            return inner
        if kind == "string":
            return value[1:-1].replace("''", "'")
        if kind == "number":
            return float(value)
        if kind != "name":
            raise Failure("unexpected %r" % value)
        if value in ("true", "false"):
            return value == "true"
        if value == "null":
            return None
        if self.peek()[1] == "(":
            self.take("(")
            self.take(")")
            status = self.status()
            functions = {
                "success": status == "success", "failure": status == "failure", "always": True,
                "cancelled": status == "cancelled",
            }
            if value not in functions:
                raise Failure("unsupported function %s()" % value)
            return functions[value]
        if value not in self.contexts:
            raise Failure("unknown context %r (known: %s)" % (value, ", ".join(sorted(self.contexts))))
        current = self.contexts[value]
        while self.peek()[1] in (".", "["):
            if self.take()[1] == ".":
                _, member = self.take()
            else:
                member = as_text(self.disjunction())
                self.take("]")
            if not isinstance(current, Context):
                raise Failure("%r has no members" % value)
            current = current.get(member)
        return current


def substitute(text, evaluator, where):
    def value(match):
        try:
            return as_text(evaluator.evaluate(match.group(1)))
        except Failure as failure:
            raise Failure("%s: ${{ %s }}: %s" % (where, match.group(1), failure))
    # YAML's true, false and numbers are strings to GitHub (`gate: false` is "false").
    return TEMPLATE.sub(value, as_text(text))


def condition(text, evaluator, where):
    """An `if:` value: an expression with or without ${{ }}."""
    if text is None:
        return evaluator.evaluate("success()")
    if isinstance(text, bool):
        return text
    stripped = str(text).strip()
    match = TEMPLATE.fullmatch(stripped)
    try:
        return truthy(evaluator.evaluate(match.group(1) if match else stripped))
    except Failure as failure:
        raise Failure("%s: if: %s: %s" % (where, text, failure))


def read_outputs(path):
    """`name=value` lines and `name<<DELIMITER` blocks of a GITHUB_OUTPUT file."""
    outputs = {}
    if not os.path.exists(path):
        return outputs
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        if "<<" in line and ("=" not in line or line.index("<<") < line.index("=")):
            name, delimiter = line.split("<<", 1)
            block = []
            while index < len(lines) and lines[index] != delimiter:
                block.append(lines[index])
                index += 1
            index += 1
            outputs[name] = "\n".join(block)
        elif "=" in line:
            name, value = line.split("=", 1)
            outputs[name] = value
    return outputs


# ---------------------------------------------------------------------------------------------
# A job


class Job:
    """One job (or one matrix combination of a job): its workspace, summary and steps."""

    def __init__(self, runner, name, workspace, matrix=None, strategy=None, needs=None):
        self.runner = runner
        self.name = name
        self.workspace = workspace
        self.matrix = matrix or {}
        self.strategy = strategy or {"job-index": 0, "job-total": 1, "fail-fast": True, "max-parallel": 1}
        self.needs = needs or {}
        self.failed = False
        self.steps = {}
        self.annotations = []
        self.summary = os.path.join(runner.scratch, "summary-%s.md" % re.sub(r"[^A-Za-z0-9_.-]", "_", name))
        if runner.options.summary and runner.options.workflow is None:
            self.summary = os.path.abspath(runner.options.summary)
        open(self.summary, "a").close()

    def base_environment(self):
        options = self.runner.options
        env = dict(os.environ)
        env.update({
            "GITHUB_WORKSPACE": self.workspace, "GITHUB_STEP_SUMMARY": self.summary, "GITHUB_JOB": self.job_id(),
            "GITHUB_REPOSITORY": options.repository, "GITHUB_SERVER_URL": "https://github.com",
            "GITHUB_API_URL": "https://api.github.com", "RUNNER_OS": options.runner_os, "RUNNER_ARCH": "X64",
            "CI": "true", "GITHUB_ACTIONS": "true", "GITHUB_RUN_ID": "1", "GITHUB_RUN_ATTEMPT": "1",
        })
        for pair in options.env:
            key, _, value = pair.partition("=")
            env[key] = value
        return env

    def job_id(self):
        return self.name.split(" ")[0]

    def contexts(self, inputs=None, steps=None, action=None):
        options = self.runner.options
        github = {
            "action_path": ROOT, "action_ref": "", "action_repository": "", "token": "", "job": self.job_id(),
            "workspace": self.workspace, "repository": options.repository, "server_url": "https://github.com",
            "run_id": "1", "event_name": "push", "sha": self.runner.head, "ref": "refs/heads/main",
        }
        if action:
            github.update(action)
        contexts = {
            "github": Context("github", github),
            "runner": Context("runner", {"os": options.runner_os, "arch": "X64", "temp": self.runner.scratch}),
            "env": Context("env", dict(os.environ), lenient=True),
            "matrix": Context("matrix", self.matrix),
            "strategy": Context("strategy", self.strategy),
            "needs": Context("needs", {
                name: Context("needs." + name, {
                    "result": value["result"], "outputs": Context("needs.%s.outputs" % name, value["outputs"], lenient=True)})
                for name, value in self.needs.items()}),
            "steps": Context("steps", {
                step: Context("steps." + step, {
                    "outputs": Context("steps.%s.outputs" % step, record["outputs"], lenient=True),
                    "outcome": record["outcome"], "conclusion": record["outcome"]})
                for step, record in (steps if steps is not None else self.steps).items()}, lenient=True),
        }
        if inputs is not None:
            contexts["inputs"] = Context("inputs", inputs)
        return contexts

    def run_script(self, name, script_text, env):
        script = os.path.join(self.runner.scratch, "%s-%d.sh" % (re.sub(r"[^A-Za-z0-9_.-]", "_", name), self.runner.counter()))
        with open(script, "w", encoding="utf-8") as handle:
            handle.write(script_text)
        output = os.path.join(self.runner.scratch, "output-%d" % self.runner.counter())
        open(output, "w").close()
        env = dict(env, GITHUB_OUTPUT=output)
        process = subprocess.Popen(
            ["bash", "--noprofile", "--norc", "-eo", "pipefail", script], cwd=self.workspace, env=env,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        for raw in process.stdout:
            line = raw.decode("utf-8", "replace")
            sys.stderr.write(line)
            match = re.match(r"::(error|warning|notice)( [^:]*)?::(.*)", line.rstrip("\n"))
            if match:
                self.annotations.append({"level": match.group(1), "properties": (match.group(2) or "").strip(), "message": match.group(3)})
        process.wait()
        return process.returncode, read_outputs(output)

    # ----- steps

    def run_steps(self, steps, where, inputs=None, action=None, skip=()):
        """Runs `steps` (a workflow job's, or an action's with its `inputs`); returns their records."""
        records = {}
        failed = False
        for index, step in enumerate(steps):
            step_id = step.get("id") or "step-%d" % (index + 1)
            label = "%s: %s" % (where, step_id)

            def status():
                return "failure" if failed else "success"
            evaluator = Evaluator(self.contexts(inputs=inputs, steps=records, action=action), status)
            if not condition(step.get("if"), evaluator, label):
                log("%s: skipped (if: %s)" % (label, step.get("if", "success()")))
                records[step_id] = {"outcome": "skipped", "outputs": {}}
                continue
            if step_id in skip:
                log("%s: skipped (--skip)" % label)
                records[step_id] = {"outcome": "skipped", "outputs": {}}
                continue
            env = self.base_environment()
            if action:
                env["GITHUB_ACTION_PATH"] = ROOT
            for key, value in (step.get("env") or {}).items():
                env[key] = substitute(value, evaluator, label)
            if "uses" in step:
                code, outputs = self.uses(step, evaluator, label, env)
            else:
                if inputs is not None and step.get("shell") != "bash":
                    raise Failure("%s: a composite run step needs shell: bash" % label)
                code, outputs = self.run_script(label, substitute(step["run"], evaluator, label), env)
            log("%s: exit %d" % (label, code))
            records[step_id] = {"outcome": "success" if code == 0 else "failure", "outputs": outputs, "exit": code}
            if code != 0:
                failed = True
        return records, failed

    def uses(self, step, evaluator, label, env):
        uses = step["uses"]
        with_values = {key: substitute(value, evaluator, label) for key, value in (step.get("with") or {}).items()}
        name = uses.split("@")[0]
        if name == "./" or name == "." or name.rstrip("/").endswith("/bridgecheck") or name == "bridgecheck":
            return self.run_action(uses, with_values, label)
        if name == "actions/checkout":
            log("%s: checkout: the job's workspace is a copy of %s" % (label, self.runner.options.workspace))
            return 0, {}
        if name == "actions/cache":
            log("%s: cache (not cached here): key=%s restore-keys=%s" % (
                label, with_values.get("key", ""), " | ".join(with_values.get("restore-keys", "").split("\n"))))
            if not with_values.get("key"):
                raise Failure("%s: actions/cache has no key" % label)
            self.runner.caches.append(with_values)
            return 0, {"cache-hit": "false"}
        if name == "actions/upload-artifact":
            return self.runner.artifacts.upload(with_values, self.workspace, label), {}
        if name == "actions/download-artifact":
            return self.runner.artifacts.download(with_values, self.workspace, label), {}
        raise Failure("%s: uses %s, which this script cannot run" % (label, uses))

    def run_action(self, uses, with_values, label):
        with open(os.path.join(ROOT, "action.yml"), encoding="utf-8") as handle:
            action = yaml.safe_load(handle)
        if action.get("runs", {}).get("using") != "composite":
            raise Failure("action.yml is not a composite action")
        declared = action.get("inputs", {})
        action_context = {"action_path": ROOT, "action_repository": "", "action_ref": "", "token": ""}
        if "@" in uses and not uses.startswith("."):
            repository, ref = uses.split("@", 1)
            # The commit of this checkout, as if the workflow pinned it: links resolve without the network.
            action_context.update({"action_repository": repository, "action_ref": self.runner.options.action_ref or self.runner.head})
        defaults_context = Evaluator(self.contexts(action=action_context), lambda: "success")
        inputs = {name: substitute(spec.get("default", ""), defaults_context, "action.yml inputs.%s" % name)
                  for name, spec in declared.items()}
        given = dict(with_values)
        for pair in self.runner.options.override:
            key, _, value = pair.partition("=")
            given[key] = value
        for key, value in given.items():
            if key not in declared:
                raise Failure("%s: action.yml has no input %r (inputs: %s)" % (label, key, ", ".join(declared)))
            inputs[key] = value
        for key, spec in declared.items():
            if spec.get("required") and not inputs[key]:
                raise Failure("%s: the input %r is required" % (label, key))
        records, failed = self.run_steps(
            action["runs"]["steps"], label + " > action", inputs=inputs, action=action_context, skip=self.runner.options.skip)
        evaluator = Evaluator(self.contexts(inputs=inputs, steps=records, action=action_context), lambda: "success")
        outputs = {name: substitute(spec.get("value", ""), evaluator, "action.yml outputs.%s" % name)
                   for name, spec in (action.get("outputs") or {}).items()}
        self.runner.action_runs.append({"job": self.name, "inputs": inputs, "steps": records, "outputs": outputs, "failed": failed})
        code = 0
        if failed:
            failing = [record for record in records.values() if record["outcome"] == "failure"]
            code = failing[0].get("exit", 1) if failing else 1
        return code, outputs


# ---------------------------------------------------------------------------------------------
# Artifacts


class Artifacts:
    def __init__(self, folder):
        self.folder = folder
        os.makedirs(folder, exist_ok=True)

    def names(self):
        return sorted(os.listdir(self.folder))

    def upload(self, values, workspace, label):
        name = values.get("name") or "artifact"
        if not re.fullmatch(r"[^\":<>|*?\\/\r\n]+", name):
            log("%s: upload: the artifact name %r is not allowed" % (label, name))
            return 1
        files = []
        for line in values.get("path", "").split("\n"):
            pattern = line.strip()
            if not pattern:
                continue
            matches = glob.glob(os.path.join(workspace, pattern), recursive=True)
            files += [path for path in matches if os.path.isfile(path)]
        target = os.path.join(self.folder, name)
        if not files:
            behaviour = values.get("if-no-files-found", "warn")
            log("%s: upload %s: no files found (%s)" % (label, name, behaviour))
            return 1 if behaviour == "error" else 0
        if os.path.exists(target):
            if values.get("overwrite", "false") != "true":
                log("%s: upload: an artifact named %s exists already in this run (a matrix whose jobs share a name?)" % (label, name))
                return 1
            shutil.rmtree(target)
        root = os.path.commonpath([os.path.dirname(os.path.abspath(path)) for path in files])
        for path in files:
            destination = os.path.join(target, os.path.relpath(os.path.abspath(path), root))
            os.makedirs(os.path.dirname(destination), exist_ok=True)
            shutil.copy2(path, destination)
        log("%s: uploaded %d file(s) as the artifact %s" % (label, len(files), name))
        return 0

    def download(self, values, workspace, label):
        path = os.path.join(workspace, values.get("path") or ".")
        if values.get("name"):
            chosen = [values["name"]] if values["name"] in self.names() else []
            if not chosen:
                log("%s: download: no artifact %s" % (label, values["name"]))
                return 1
            single = True
        else:
            pattern = values.get("pattern") or "*"
            chosen = [name for name in self.names() if fnmatch.fnmatchcase(name, pattern)]
            single = False
        merge = values.get("merge-multiple", "false") == "true"
        for name in chosen:
            destination = path if single or merge else os.path.join(path, name)
            shutil.copytree(os.path.join(self.folder, name), destination, dirs_exist_ok=True)
        log("%s: downloaded %s" % (label, ", ".join(chosen) or "nothing"))
        return 0


# ---------------------------------------------------------------------------------------------


class Runner:
    def __init__(self, options):
        self.options = options
        self.scratch = tempfile.mkdtemp(prefix="bridgecheck-action-")
        self.artifacts = Artifacts(os.path.abspath(options.artifacts or os.path.join(self.scratch, "artifacts")))
        self.caches = []
        self.action_runs = []
        self._counter = 0
        head = subprocess.run(["git", "-C", ROOT, "rev-parse", "HEAD"], capture_output=True, text=True)
        self.head = head.stdout.strip() if head.returncode == 0 else "0" * 40

    def counter(self):
        self._counter += 1
        return self._counter

    def run_action_mode(self):
        workspace = os.path.abspath(self.options.workspace)
        job = Job(self, os.environ.get("GITHUB_JOB", "bridgecheck"), workspace)
        with_values = {}
        for pair in self.options.input:
            key, _, value = pair.partition("=")
            with_values[key] = value
        # As `uses: your-org/bridgecheck@<this checkout's commit>` (or --action-ref).
        code, outputs = job.run_action("your-org/bridgecheck@local", with_values, "action")
        self.report({"jobs": [self.job_record(job, code, outputs)]})
        if not self.options.summary:
            with open(job.summary, encoding="utf-8") as handle:
                text = handle.read()
            if text:
                log("step summary:\n" + text)
        return code

    def job_record(self, job, code, outputs, steps=None):
        with open(job.summary, encoding="utf-8") as handle:
            summary = handle.read()
        return {"name": job.name, "matrix": job.matrix, "result": "failure" if code else "success", "exit": code,
                "outputs": outputs, "steps": steps or {}, "summary": summary, "annotations": job.annotations}

    def run_workflow_mode(self):
        workflow = load_workflow(self.options.workflow)
        jobs = workflow.get("jobs") or {}
        order = []
        pending = dict(jobs)
        while pending:
            ready = [name for name, spec in pending.items() if all(need in order for need in as_list(spec.get("needs")))]
            if not ready:
                raise Failure("the jobs' needs form a cycle or name a missing job: %s" % ", ".join(pending))
            for name in ready:
                order.append(name)
                del pending[name]
        results = {}
        records = []
        for name in order:
            spec = jobs[name]
            needs = {need: results[need] for need in as_list(spec.get("needs"))}
            combinations = matrix_combinations(((spec.get("strategy") or {}).get("matrix")) or {})
            instances = []
            for index, matrix in enumerate(combinations):
                label = name if len(combinations) == 1 else "%s (%s)" % (name, ", ".join(as_text(v) for v in matrix.values()))
                workspace = os.path.join(self.scratch, "jobs", re.sub(r"[^A-Za-z0-9_.-]", "_", label))
                shutil.copytree(os.path.abspath(self.options.workspace), workspace, symlinks=True)
                strategy = {"job-index": index, "job-total": len(combinations), "fail-fast": True, "max-parallel": len(combinations)}
                job = Job(self, label, workspace, matrix=matrix, strategy=strategy, needs=needs)
                needs_failed = any(value["result"] != "success" for value in needs.values())
                evaluator = Evaluator(job.contexts(), lambda: "failure" if needs_failed else "success")
                if not condition(spec.get("if"), evaluator, "job %s" % label):
                    log("job %s: skipped (if: %s)" % (label, spec.get("if", "success()")))
                    instances.append({"name": label, "result": "skipped", "outputs": {}})
                    records.append({"name": label, "matrix": matrix, "result": "skipped", "exit": 0, "outputs": {},
                                    "steps": {}, "summary": "", "annotations": []})
                    continue
                log("job %s: started" % label)
                steps, failed = job.run_steps(spec.get("steps") or [], "job %s" % label)
                job.failed = failed
                evaluator = Evaluator(job.contexts(steps=steps), lambda: "success")
                outputs = {key: substitute(value, evaluator, "job %s outputs.%s" % (label, key))
                           for key, value in (spec.get("outputs") or {}).items()}
                code = 1 if failed else 0
                log("job %s: %s" % (label, "failure" if failed else "success"))
                instances.append({"name": label, "result": "failure" if failed else "success", "outputs": outputs})
                records.append(self.job_record(job, code, outputs, steps))
            ran = [instance for instance in instances if instance["result"] != "skipped"]
            result = "skipped" if not ran else ("failure" if any(i["result"] == "failure" for i in ran) else "success")
            outputs = {}
            for instance in ran:
                outputs.update(instance["outputs"])
            results[name] = {"result": result, "outputs": outputs}
        self.report({"jobs": records})
        return 0 if all(value["result"] != "failure" for value in results.values()) else 1

    def report(self, data):
        if not self.options.report:
            return
        data["artifacts"] = {name: sorted(
            os.path.relpath(os.path.join(folder, file), os.path.join(self.artifacts.folder, name))
            for folder, _, files in os.walk(os.path.join(self.artifacts.folder, name)) for file in files)
            for name in self.artifacts.names()}
        data["artifactsFolder"] = self.artifacts.folder
        data["caches"] = self.caches
        data["actionRuns"] = self.action_runs
        with open(self.options.report, "w", encoding="utf-8") as handle:
            json.dump(data, handle, indent=2, sort_keys=True)


def as_list(value):
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def matrix_combinations(matrix):
    combinations = [{}]
    for key, values in matrix.items():
        if key in ("include", "exclude"):
            raise Failure("strategy.matrix.%s is not supported here" % key)
        combinations = [dict(combination, **{key: value}) for combination in combinations for value in as_list(values)]
    return combinations


def load_workflow(path):
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    if path.endswith(".md"):
        if WORKFLOW_MARKER not in text:
            raise Failure("%s has no line %s before its workflow" % (path, WORKFLOW_MARKER))
        after = text.split(WORKFLOW_MARKER, 1)[1]
        match = re.search(r"```ya?ml\n(.*?)\n```", after, re.S)
        if not match:
            raise Failure("%s: no ```yaml block after %s" % (path, WORKFLOW_MARKER))
        text = match.group(1)
    workflow = yaml.safe_load(text)
    # YAML 1.1 reads the key `on` as True.
    if True in workflow:
        workflow["on"] = workflow.pop(True)
    return workflow


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--input", action="append", default=[], metavar="NAME=VALUE", help="an input of the action (action mode)")
    parser.add_argument("--skip", action="append", default=[], metavar="STEP_ID",
                        help="a step of the action not to run (e.g. build, when the binary is built already)")
    parser.add_argument("--workspace", default=os.getcwd(), help="the job's workspace (default: the current folder); "
                        "in workflow mode, each job runs in a fresh copy of it")
    parser.add_argument("--summary", help="the step summary file (action mode; default: a temporary file, printed at the end)")
    parser.add_argument("--report", help="write what happened (jobs, steps, outputs, summaries, annotations, artifacts) as JSON")
    parser.add_argument("--artifacts", help="the folder of the artifact store (default: a temporary folder)")
    parser.add_argument("--env", action="append", default=[], metavar="NAME=VALUE", help="an environment variable of every step")
    parser.add_argument("--runner-os", default="Linux", help="what runner.os and RUNNER_OS say (default Linux)")
    parser.add_argument("--repository", default="your-org/your-app", help="GITHUB_REPOSITORY (default your-org/your-app)")
    parser.add_argument("--action-ref", default="", help="github.action_ref of `uses: OWNER/bridgecheck@REF` steps "
                        "(default: this checkout's commit, whatever REF says, so that no link needs the network)")
    parser.add_argument("--workflow", help="run this workflow (a YAML file, or a Markdown file with the marked block)")
    parser.add_argument("--override", action="append", default=[], metavar="NAME=VALUE",
                        help="an input of every use of this action in the workflow")
    options = parser.parse_args()
    runner = Runner(options)
    try:
        return runner.run_workflow_mode() if options.workflow else runner.run_action_mode()
    except Failure as failure:
        print("run_action_locally: %s" % failure, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
