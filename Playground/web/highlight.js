// highlight.js — a small Swift syntax highlighter for the Studio's code tab.
//
// KineticHighlight.swift(source) returns HTML: the source escaped, with comments, strings,
// numbers, keywords, attributes and type names (capitalised identifiers) wrapped in
// <span class="c|s|n|k|a|t">. One left-to-right scan with a sticky regular expression per token
// kind; anything it does not recognise is copied through escaped, so the text is always exactly
// the source's.
"use strict";

const KineticHighlight = (() => {
  const KEYWORDS = new Set(("associatedtype actor any as async await break case catch class continue convenience default defer " +
    "deinit didSet do dynamic else enum extension fallthrough false fileprivate final for func get guard if import in " +
    "indirect init inout internal is lazy let mutating nil nonisolated nonmutating open operator optional override " +
    "package private protocol public repeat required rethrows return self Self set some static struct subscript super " +
    "switch throw throws true try typealias unowned var weak where while willSet").split(" "));
  const escape = s => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  // Token kinds in the order they are tried at each position.
  const RULES = [
    ["c", /\/\/[^\n]*/y],
    ["c", /\/\*[\s\S]*?(?:\*\/|$)/y],
    ["s", /"""[\s\S]*?(?:"""|$)/y],
    ["s", /"(?:[^"\\\n]|\\.)*"?/y],
    ["n", /\b(?:0x[0-9a-fA-F_]+|0b[01_]+|\d[\d_]*(?:\.\d[\d_]*)?(?:[eE][+-]?\d+)?)\b/y],
    ["a", /[@#][A-Za-z_$][\w$]*/y],
    ["w", /[A-Za-z_][\w]*/y],
  ];

  /** The source as highlighted HTML. */
  function swift(source) {
    let out = "", plain = "", i = 0;
    const flush = () => { if (plain) { out += escape(plain); plain = ""; } };
    scan: while (i < source.length) {
      for (const [kind, re] of RULES) {
        re.lastIndex = i;
        const m = re.exec(source);
        if (!m || !m[0]) continue;
        const word = m[0];
        let cls = kind;
        if (kind === "w") cls = KEYWORDS.has(word) ? "k" : /^[A-Z]/.test(word) ? "t" : "";
        if (cls) { flush(); out += '<span class="' + cls + '">' + escape(word) + "</span>"; } else plain += word;
        i += word.length;
        continue scan;
      }
      plain += source[i++];
    }
    flush();
    return out;
  }

  return { swift };
})();
