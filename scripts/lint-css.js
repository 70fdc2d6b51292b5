// Checks the web remote's and the bridge's CSS with css-tree (Debian's node-css-tree): every
// style sheet, and the <style> elements of the HTML pages, must parse; every property must be
// one CSS defines (custom properties aside); every value css-tree can match must match its
// property's grammar. css-tree 2.3 cannot match values that use var(), env(), min(), max(),
// clamp() or color-mix(): those are only parsed.
//
// Usage: node scripts/lint-css.js FILE.css|FILE.html...   (exit status 1 when anything is wrong)
"use strict";
const fs = require("fs");
const csstree = require("css-tree");

const unmatchable = /\b(var|env|min|max|clamp|color-mix)\(/;
let problems = 0;
function report(file, line, column, message) {
  problems += 1;
  console.log(`${file}:${line}:${column}: ${message}`);
}

function lint(file, text, line) {
  const ast = csstree.parse(text, {
    positions: true,
    line,
    onParseError: (error) => report(file, error.line, error.column, error.message),
  });
  csstree.walk(ast, (node) => {
    if (node.type !== "Declaration" || node.property.startsWith("--")) return;
    const { error } = csstree.lexer.matchDeclaration(node);
    if (error == null) return;
    const { line: at, column } = node.loc.start;
    if (csstree.lexer.getProperty(node.property) == null) {
      report(file, at, column, `unknown property ${node.property}`);
    } else if (!unmatchable.test(csstree.generate(node.value))) {
      report(file, at, column, `${node.property}: ${csstree.generate(node.value)} does not match its grammar`);
    }
  });
}

for (const file of process.argv.slice(2)) {
  const text = fs.readFileSync(file, "utf8");
  if (!file.endsWith(".html")) {
    lint(file, text, 1);
    continue;
  }
  for (const match of text.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)) {
    const before = text.slice(0, match.index + match[0].indexOf(">") + 1);
    lint(file, match[1], before.split("\n").length);
  }
}
process.exit(problems === 0 ? 0 : 1);
