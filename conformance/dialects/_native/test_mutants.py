"""The dialect mutants (conformance/mutants/dialects/) still apply to the bridges they patch."""

import glob
import json
import os
import unittest

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
FIELDS = {"name", "dialect", "file", "bug", "seenIn", "patch", "shouldBeKilledBy", "checked"}


class DialectMutants(unittest.TestCase):
    def test_every_patch_applies_exactly_once_to_its_dialects_bridge(self):
        paths = sorted(glob.glob(os.path.join(ROOT, "conformance", "mutants", "dialects", "*", "*.json")))
        dialects = set()
        for path in paths:
            with self.subTest(mutant=os.path.basename(path)):
                with open(path, encoding="utf-8") as handle:
                    mutant = json.load(handle)
                self.assertEqual(set(mutant), FIELDS)
                side = os.path.basename(os.path.dirname(path))
                self.assertEqual(mutant["file"], "conformance/dialects/%s/%s"
                                 % (mutant["dialect"], "page.js" if side == "page" else "native.py"))
                with open(os.path.join(ROOT, mutant["file"]), encoding="utf-8") as handle:
                    text = handle.read()
                for entry in mutant["patch"]:
                    self.assertEqual(text.count(entry["find"]), 1, entry["find"])
                    text = text.replace(entry["find"], entry["replace"])
                self.assertTrue(mutant["shouldBeKilledBy"])
                dialects.add(mutant["dialect"])
        folders = {name for name in os.listdir(os.path.join(ROOT, "conformance", "dialects"))
                   if os.path.isfile(os.path.join(ROOT, "conformance", "dialects", name, "page.js"))}
        self.assertEqual(dialects, folders, "every dialect has a mutant")


if __name__ == "__main__":
    unittest.main()
