import test from 'ava';
import { csvCell, toCsv } from '../../cli/lib/csv.ts';

test('cells that a spreadsheet would run as formulas stay text', (t) => {
  t.is(csvCell('=HYPERLINK("http://evil","x")'), `"'=HYPERLINK(""http://evil"",""x"")"`);
  t.is(csvCell('+1+1'), "'+1+1");
  t.is(csvCell('-2+3'), "'-2+3");
  t.is(csvCell('@SUM(A1)'), "'@SUM(A1)");
  t.is(csvCell('\t=1'), "'\t=1");
  t.is(csvCell('\r=1'), `"'\r=1"`);
  t.is(csvCell('plain'), 'plain');
});

test('quoting: commas, quotes, newlines; null and objects', (t) => {
  t.is(csvCell('a,b'), '"a,b"');
  t.is(csvCell('say "hi"'), '"say ""hi"""');
  t.is(csvCell('two\nlines'), '"two\nlines"');
  t.is(csvCell(null), '');
  t.is(csvCell({ a: 1 }), '"{""a"":1}"');
  t.is(toCsv(['a', 'b'], [[1, '=x']]), "a,b\r\n1,'=x\r\n");
});
