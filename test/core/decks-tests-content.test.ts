// Tests found by content: a test is what a file declares (unittest classes,
// pytest functions, Go, JS, Rust, Java, C# tests), wherever the file is and whatever its name;
// "no tests" is never said from path rules alone, and the validator runs the same probe. The
// honest states: a test script with no test anywhere, the only test empty.
import test from 'ava';
import { findPresence } from '../../core/decks/absence.ts';
import { buildDeck } from '../../core/decks/generate.ts';
import { testsIn } from '../../core/decks/tests.ts';
import type { Screen } from '../../core/decks/types.ts';
import { validateDeck } from '../../core/decks/validate.ts';
import { claimsOf, COMMITS, COMMUNITY, inputOf, JURY, SHA, textsOf } from '../helpers/deck-fixtures.ts';
import { deckProblems } from '../helpers/deck-truth.ts';

const UNITTEST = `import unittest

from app import slugify


class SlugTest(unittest.TestCase):
    def setUp(self):
        self.text = "Hello World"

    def test_lowercases(self):
        self.assertEqual(slugify(self.text), "hello-world")

    def test_empty(self):
        self.assertEqual(slugify(""), "")


if __name__ == "__main__":
    unittest.main()
`;

test('each ecosystem\'s test forms are read by content, with their names and lines', (t) => {
  const names = (path: string, text: string, conftest?: string[]) => testsIn(path, text.split('\n'), new Set(conftest)).map((x) => [x.name, x.line, x.empty]);
  t.deepEqual(names('tests.py', UNITTEST), [['test_lowercases', 10, false], ['test_empty', 13, false]], 'unittest in a root-level module of any name');
  t.deepEqual(names('checks.py', 'from django.test import TestCase\nclass T(TestCase):\n    def test_a(self):\n        """Docstring."""\n        pass\n'), [['test_a', 3, true]], 'a docstring and pass: empty');
  t.deepEqual(names('test_api.py', 'def test_get():\n    assert get() == 1\n\nclass TestPost:\n    def test_post(self):\n        assert post()\n'), [['test_get', 1, false], ['test_post', 5, false]], 'pytest functions and Test classes in a pytest file');
  t.deepEqual(names('checks/api.py', 'def test_get():\n    assert get()\n', ['checks']), [['test_get', 1, false]], 'pytest functions in a conftest-ed tree');
  t.deepEqual(names('app/util.py', 'def test_mode():\n    return 1\n'), [], 'a test_ function outside a pytest file or tree is not a test');
  t.deepEqual(names('relay_test.go', 'package relay\n\nfunc TestRelay(t *testing.T) {\n\tif Relay() != 1 {\n\t\tt.Fatal("no")\n\t}\n}\n\nfunc TestEmpty(t *testing.T) {}\n'), [['TestRelay', 3, false], ['TestEmpty', 9, true]]);
  t.deepEqual(names('relay.go', 'func TestRelay(t *testing.T) {}\n'), [], 'Go tests live in _test.go files');
  t.deepEqual(names('src/sum.js', "describe('sum', () => {\n  it('adds', () => {\n    expect(sum(1, 2)).toBe(3);\n  });\n  test.skip('later', () => {});\n  it('pending');\n  test('arrow', (t) => t.pass());\n});\n"),
    [['adds', 2, false], ['later', 5, true], ['pending', 6, true], ['arrow', 7, false]], 'JS tests anywhere, by their calls');
  t.deepEqual(names('suite.ts', "describe('only suites', () => {\n  // nothing yet\n});\n"), [['only suites', 1, true]]);
  t.deepEqual(names('src/lib.rs', 'pub fn f() -> i32 { 1 }\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn one() {\n        assert_eq!(super::f(), 1);\n    }\n    #[tokio::test]\n    async fn two() {}\n}\n'), [['one', 5, false], ['two', 9, true]]);
  t.deepEqual(names('src/test/java/AppTest.java', 'class AppTest {\n  @Test\n  @DisplayName("x")\n  void adds() {\n    assertEquals(2, 1 + 1);\n  }\n}\n'), [['adds', 4, false]]);
  t.deepEqual(names('Tests/CalcTests.cs', 'public class CalcTests {\n  [Fact]\n  public void Adds() { Assert.Equal(2, 1 + 1); }\n}\n'), [['Adds', 3, false]]);
  t.deepEqual(names('src/app.js', "const ok = /x/.test(s);\nit = 1;\n"), [], 'a .test( call or an assignment is not a test');
});

test('a root-level unittest module is a test: no "no tests" claim, and the validator refuses one', async (t) => {
  const inp = inputOf([{ path: 'app.py', data: 'def slugify(s):\n    return s.lower().replace(" ", "-")\n' }, { path: 'tests.py', data: UNITTEST }]);
  const built = await buildDeck(inp, null);
  const tested = claimsOf(built.screens, 'What is tested');
  t.deepEqual(tested[0], { text: 'tests.py holds 2 tests: "test_lowercases", "test_empty"', cite: { path: 'tests.py', start: 10, end: 13 } });
  t.deepEqual(tested[1], { text: 'tests.py exercises app.py', cite: { path: 'tests.py', start: 3, end: 3 } });
  t.false(textsOf(built.screens).some((x) => /no test/.test(x)));
  t.deepEqual(built.findings, []);
  t.deepEqual(deckProblems(built.screens, inp.evidence, COMMITS, SHA), []);
  // the same probe in the validator, for a claim any generator wrote
  const screens: Screen[] = [{ heading: 'What is tested', claims: [{ text: 'No tests', cite: { commit: SHA }, absent: { subject: 'tests', checked: ['the file tree'] } }] }];
  const f = validateDeck(screens, { ...JURY, screens: { min: 1, max: 8 } }, inp.evidence, SHA, COMMITS);
  t.deepEqual(f.map((x) => [x.code, x.message]), [['false_absence', 'Screen 1, claim 1 says there is no tests, but tests.py:10 holds a test']]);
  for (const [path, data] of [['main_test.go', 'package main\nfunc TestX(t *testing.T) { t.Log(1) }\n'], ['src/app.js', "test('x', () => { ok(1) });\n"], ['src/Calc.java', '@Test\nvoid adds() { check(); }\n'], ['checks/api.py', 'def test_a():\n    assert 1\n']] as const) {
    const ev = inputOf([{ path, data }, ...(path.startsWith('checks/') ? [{ path: 'checks/conftest.py', data: '' }] : [])]).evidence;
    t.like(findPresence(ev, 'tests'), { path, what: 'a test' }, path);
    t.like(findPresence(ev, 'test_files'), { path, what: 'a test' }, path);
  }
});

test('a test script with no test anywhere is said as such, cited, and checked like any absence', async (t) => {
  const pkg = '{\n  "name": "shop",\n  "scripts": {\n    "start": "react-scripts start",\n    "test": "react-scripts test"\n  }\n}\n';
  const inp = inputOf([{ path: 'package.json', data: pkg }, { path: 'src/App.js', data: 'export default function App() {\n  return null;\n}\n' }]);
  const built = await buildDeck(inp, null);
  const [claim] = claimsOf(built.screens, 'What is tested');
  t.regex(claim!.text, /^npm test runs "react-scripts test", but no file of revision a1b2c3d4e5f6 holds a test \(checked package\.json, the file tree \(2 files\)\)$/);
  t.deepEqual(claim!.absent, { subject: 'test_files', checked: ['package.json', 'the file tree (2 files)'] });
  t.deepEqual(built.findings, []);
  t.deepEqual(deckProblems(built.screens, inp.evidence, COMMITS, SHA), []);
  // the same claim over a tree that holds a test is a false absence
  const other = inputOf([{ path: 'package.json', data: pkg }, { path: 'src/App.spec.js', data: "it('renders', () => { render() });\n" }]).evidence;
  t.deepEqual(validateDeck([{ heading: 'What is tested', claims: [claim!] }], { ...JURY, screens: { min: 1, max: 8 } }, other, SHA, COMMITS).map((f) => f.code), ['false_absence']);
  // npm's placeholder test script, and Django's generated tests.py that declares nothing
  const npmDefault = inputOf([{ path: 'package.json', data: '{\n  "scripts": {\n    "test": "echo \\"Error: no test specified\\" && exit 1"\n  }\n}\n' }, { path: 'index.js', data: 'run();\n' }]);
  const placeholder = await buildDeck(npmDefault, null);
  const said = claimsOf(placeholder.screens, 'What is tested')[0]!;
  t.regex(said.text, /^The test script of package\.json is npm's placeholder \("no test specified"\), and no file of revision a1b2c3d4e5f6 holds a test \(checked /);
  t.is(said.absent?.subject, 'test_files');
  t.deepEqual(deckProblems(placeholder.screens, npmDefault.evidence, COMMITS, SHA), []);
  const jest = await buildDeck(inputOf([{ path: 'package.json', data: '{\n  "devDependencies": {\n    "jest": "^29.0.0"\n  }\n}\n' }, { path: 'index.js', data: 'run();\n' }]), null);
  t.regex(claimsOf(jest.screens, 'What is tested')[0]!.text, /^package\.json names the test framework jest, but no file of revision a1b2c3d4e5f6 holds a test \(checked /);
  t.deepEqual(jest.findings, []);
  const django = await buildDeck(inputOf([{ path: 'polls/tests.py', data: 'from django.test import TestCase\n\n# Create your tests here.\n' }, { path: 'polls/views.py', data: 'def index(request):\n    return 1\n' }]), null);
  t.regex(claimsOf(django.screens, 'What is tested')[0]!.text, /^polls\/tests\.py is named like a test file, but no file of revision a1b2c3d4e5f6 holds a test/);
  // the community pitch never makes the configured script a number of tests
  const community = await buildDeck({ ...inputOf([{ path: 'package.json', data: pkg }, { path: 'src/App.js', data: 'export default function App() {\n  return null;\n}\n' }], COMMUNITY), commits: null }, null);
  t.notRegex(textsOf(community.screens).join('\n'), /\d+ tests?\b|test files?/);
  t.deepEqual(community.findings, []);
  // a file named like a test that declares none: the name alone is not a test
  const named = await buildDeck(inputOf([{ path: 'tests/__init__.py', data: '' }, { path: 'app.py', data: 'print(1)\n' }]), null);
  t.regex(claimsOf(named.screens, 'What is tested')[0]!.text, /^tests\/__init__\.py is named like a test file, but no file of revision a1b2c3d4e5f6 holds a test/);
  t.deepEqual(named.findings, []);
});

test('the only test is empty: said so, and "1 test file" counts files holding a test by content', async (t) => {
  const inp = inputOf([{ path: 'main.go', data: 'package main\n\nfunc main() {}\n' }, { path: 'main_test.go', data: 'package main\n\nimport "testing"\n\nfunc TestMain(t *testing.T) {\n}\n' }, { path: 'test/fixtures.go', data: 'package test\n' }]);
  const facts = await buildDeck(inp, null);
  const tested = claimsOf(facts.screens, 'What is tested');
  t.deepEqual(tested[0], { text: 'The only test, "TestMain" in main_test.go, is empty: its body does nothing', cite: { path: 'main_test.go', start: 5, end: 5 } });
  // the community pitch's one number is the tests' when no commit history is known: said as honestly
  const emptyOnly = await buildDeck({ ...inp, template: COMMUNITY, commits: null }, null);
  t.deepEqual(claimsOf(emptyOnly.screens, 'In one number').map((c) => c.text), ['The only test, "TestMain" in main_test.go, is empty: its body does nothing'], 'the pitch says the only test is empty, not "1 test file with 1 test"');
  const community = await buildDeck({ ...inputOf([{ path: 'main_test.go', data: 'package main\nfunc TestA(t *testing.T) { t.Log(1) }\nfunc TestB(t *testing.T) {}\n' }, { path: 'test/helpers.go', data: 'package test\n' }, { path: 'test/data.go', data: 'package test\n' }], COMMUNITY), commits: null }, null);
  t.deepEqual(claimsOf(community.screens, 'In one number').map((c) => c.text), ['1 test file with 2 tests (1 empty)']);
});
