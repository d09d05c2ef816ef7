// Package extract finds the URIs in plain text and Markdown documents, by
// the rules of RFC 3986 Appendix C ("Delimiting a URI in Context") and of
// its predecessors (draft-fielding-url-syntax Appendix E, RFC 1738's
// appendix on URLs in context), and reports each with its exact source
// span, so that a docs audit can say where a URI is and what is wrong
// with it.
//
// Text and Markdown return every occurrence in source order, duplicates
// kept, exactly as written: no case folding, no percent-encoding, no IDN
// conversion. Package extract finds candidate spans only; whether a
// candidate is a URI is decided by package uri (uri.Valid, uri.Check),
// the one place that knows the RFC 3986 grammar.
//
// # What counts as a URI in text
//
// From prose only absolute URIs count. A candidate is found at each ":"
// preceded by a scheme (walked back over the scheme characters and
// starting at a word boundary):
//
//   - any scheme followed by "//" counts ("myapp://open", "git+ssh://h/r");
//   - without "//", only a scheme in xurls' lists (the IANA registry,
//     xurls.Schemes; xurls.SchemesNoAuthority; xurls.SchemesUnofficial):
//     mailto, urn, news, tel, sip, geo, xmpp, file, data, magnet, ...;
//   - "go" needs "//": "go:generate" and "//go:embed" are Go directives;
//   - a scheme must start a word: nothing of "a_b:c", "$x:y", "x@y:z" or
//     "//go:build" is a candidate; before "scheme://" only a letter or
//     digit continues a word, so the marks of plain-text tables and
//     emphasis ("|http://x|", "_http://x_") do not hide a URI;
//   - without "//", the rest must have the least shape of a URI by
//     the candidate policy that the Go analyzer applies too: "file:line",
//     "tag:latest" and "data:selected" are "key:value" prose, while
//     "mailto:a@b", "urn:isbn:0451450523" and "news:comp.lang.go" are
//     URIs;
//   - "a:b", "mode:fast", "C:\path", "10:30", section numbers, bare e-mail
//     addresses and bare domains are not URIs;
//   - nor are header, property and label words that happen to be
//     registered schemes, unless what follows has the scheme's own syntax:
//     a scheme with a capital letter counts without "//" only when the
//     policy knows its shape ("URN:ISBN:0-395-36341-1" counts,
//     "Content-Type:application/sdp", the vCard "FAX:+1-555-0100" and
//     "Prospero:/papers/" do not), and "info:" needs its namespace and
//     "/" (RFC 4452);
//   - colon-separated hex is never a URI: "bb:95:e0:4f" (a fingerprint),
//     "2001:DB8:BEEF:FEED::7" (the registered "feed" in an IPv6 address);
//     nor is a scope operator: "APT::Get", Tcl's "http::geturl";
//   - an XML element name with a namespace prefix is no URI, whatever the
//     prefix: "<info:display-text>", "<p:name attr='v'>", "<p:name/>", or
//     "<p:name>" followed by a tag of the same prefix;
//   - a word glued to the front of a scheme whose syntax starts with "//"
//     ("greathttps://x", "OWNERShttps://x") is left out: the URI starts
//     at the scheme, and Link.Glued holds the word, a missing space;
//   - an ANSI colour before a URI ("\x1b[32mhttps://x") is no part of
//     its scheme;
//   - a padded base64 value that starts with "//" after an unregistered
//     "scheme:" is a digest, not an authority: go.sum's
//     "h1://AqZbyNHeLOKZB3J/UPPXaBvk3nCqvqVRbPkffDx60=";
//   - there must be something after "scheme:" (after "scheme://" when the
//     slashes are there): "http://" alone is a mention of the scheme;
//     but angle brackets delimit a URI explicitly (Appendix C, and
//     CommonMark autolinks), so "<mailto:>" and "<http://>" are URIs
//     for the check to report, as "<http:www.example.com>" is.
//
// # Wrappers
//
// Wrappers are not part of the URI: "...", <...>, <URL:...>, <URL: ...>,
// typographic quotes (“...”, ‘...’, „...“), guillemets («...», ‹...›,
// »...«), CJK corner brackets (「...」) and a bare "URL:" label. Inside a
// wrapper white space is ignored wherever it falls (in a host name,
// inside a %XX, after ":" "=" "@" "_"): a line break and indentation,
// tabs, CRLF. Angle brackets may also hold spaces within a line, as
// Appendix C recommends them for URIs with embedded white space; quotes
// may only hold line breaks (a quote around a sentence is not a wrapper).
//
// The search for the closer ends at a blank line, a new opener of the same
// kind, the end of the input or after four line breaks; then the opener is
// not a wrapper. A wrapped candidate whose white space was removed must be
// valid by uri.Valid (and, without "//", have the least shape of a URI,
// so that "<CVS: show all tags>" is prose), or the candidate is scanned
// again as a bare URI (which ends at the first white space); so
// <host:\n update>, an XML name, is no URI, and neither is a prose
// sentence in quotes. A wrapped candidate without white space is kept
// even when it is malformed, so that uri.Check can report it, but without
// "//" it too must have the least shape of a URI ("tag:latest" and
// "APT::Get" in quotes are values, not URIs).
//
// White space inside the scheme counts too: "<ht\n   tp://www.example/>"
// is "http://www.example/" when the two parts make a registered scheme and
// the second alone is none. A backslash that folds a line by RFC 8792
// ("\" at the end of the line, the continuation indented, or starting
// with its own "\") goes with the line break and the indentation.
//
// Any other backslash ends a URI in plain text, as the escape of some
// other language: a regular expression ("https://go\.dev/"), a C string ("\n",
// "\x2f"), roff ("\:"). A file URI keeps it, since there it is a Windows
// path separator that the check should report ("file:///C:\temp"); a
// Markdown document resolves its own backslash escapes.
//
// A line break right after a hyphen inside a wrapper is ambiguous
// (Appendix C: typesetters add hyphens when they break lines). The white
// space around the break is ignored and the hyphen kept, since in the RFC
// series that is the right reading far more often; Link.Alt holds the
// reading without the hyphen and Link.Ambiguous reports it.
//
// # Bare URIs
//
// A bare URI ends at white space (including Unicode spaces such as NBSP
// and U+3000), at control bytes (NUL, the ESC of an ANSI colour, DEL),
// at the zero width space, word joiner and byte order mark (the zero width
// joiner and non-joiner stay, as they belong inside words), at a double
// quote, "<", ">" or "`", at a single quote when one comes right before
// the scheme (xmlns='urn:ietf:params:xml:ns:xmpp-streams'), at an escaped
// quote (src=\"https://x\", in a C or JSON string), at a "]" that closes
// no "[" of the URI (RFC 3986 allows "]" only as the end of an IP literal,
// "http://[::1]/"; so Org mode's "[[https://x][text]]" and Markdown link
// syntax in plain text, "[https://x](https://x)", end there, while a
// query's "a[1]=2" stays for the check to report), at typographic quotes
// and guillemets, at CJK and fullwidth punctuation ("。", "、", "，",
// "！"), and at the em dash and ellipsis of prose ("—", "…"). It is never
// joined to the next line. It then loses trailing ". , ; : ! ?", "'",
// any ")", "]" or "}" that has no opener inside it, and a "*", "_" or
// "|" that closes the same mark right before the scheme; balanced
// parentheses stay (Wikipedia's "Pi_(disambiguation)"), as
// does interior punctuation. Non-ASCII letters stay: an IRI is extracted
// as written, and uri.Check reports it as not a URI.
//
// # Markdown
//
// Markdown is parsed by goldmark (CommonMark with the GFM table,
// strikethrough, task list and footnote extensions; GFM's Linkify is not
// used, as it knows only http, https, ftp and "www."). Links come from:
//
//   - inline link and image destinations, with backslash escapes and
//     character references resolved (goldmark leaves them raw); relative
//     references ("docs/x.md", "#anchor") count; a destination in angle
//     brackets may hold spaces and tabs, which is what that form is for
//     ("[notes](<release notes.md>)"): Link.URI has them percent-encoded,
//     "release%20notes.md", as renderers write the href (so the file it
//     names is "release notes.md"), and Link.Raw keeps them as written;
//   - autolinks: an e-mail autolink becomes "mailto:...", a
//     "<URL:...>" autolink loses its label;
//   - link reference definitions, once each, at the definition (a
//     reference link such as [text][ref] adds nothing of its own);
//     footnotes ("[^1]: ...") are no definitions: their text is text;
//   - URL attributes in raw HTML, inline or block, with character
//     references resolved: href, src and srcset, action and formaction,
//     cite, poster, data (of object), background, manifest, longdesc and
//     usemap;
//   - URIs in text, by the plain-text rules; adjacent text of a paragraph
//     is scanned as one run, so a <...> URI broken across a soft line
//     break is joined.
//
// A link whose text is its own destination
// ("[https://x.example/](https://x.example/)") is one link, the
// destination. HTML comments ("<!-- [a](https://x.example/) -->") do not
// render, so what they hold is no link; neither is a footnote that is
// never referenced, which does not render either. A template action
// standing for a whole destination or attribute (the Hugo shortcodes
// "{{< ref "x.md" >}}" and "{{% relref "y" %}}", "{{ .URL }}") is no URI.
//
// Link syntax that CommonMark does not read as a link because white space
// breaks its destination ("[the guide](https://docs.example/my guide.pdf)",
// the commonest broken link in Markdown) is reported as one link of kind
// BrokenLink, destination and white space whole, rather than as the URI
// "https://docs.example/my" in text. Its first word must read as a URI
// reference (a scheme, or a "/", "#" or "." inside it) and a ")" must
// close it on the same line; "[1](see below)" is prose.
//
// Code spans and fenced and indented code blocks are skipped, since they
// mostly hold placeholders; Extractor.Code includes them (as text).
//
// # Template actions
//
// Site generators that run a template language over a page before its
// Markdown is read hand their Markdown stage a text in which each
// template action is replaced: Hugo puts a placeholder without white
// space ("HAHAHUGOSHORTCODE-s0-HBHB") in place of each shortcode,
// "{{< name args >}}" and "{{% name args %}}"; Jekyll's Liquid and the
// Jinja of MkDocs' macros plugin put the output of each "{{ expression }}"
// and "{% tag %}". So "[1]: {{< param repo >}}/tree/main/x.yaml" is a link
// reference definition to Hugo, while to CommonMark the spaces inside the
// shortcode make it, and every definition that follows it, paragraph
// text; and a "|" or "*" inside an action makes no table cell or
// emphasis there.
//
// Extractor.Templates names the languages whose actions are read so: each
// action of one of them that lies on one line, in at most 1,024 bytes, is
// one word, without white space or punctuation, for the parse of blocks
// and inlines (where a link, a definition, a destination and a title
// end). The first closer of its kind ends an action, with no regard to
// quotes inside it; Hugo's "{{</* x */>}}", which writes "{{< x >}}" as
// text, is no action, nor is what a Liquid "{% raw %}" section holds. A
// Link still reports what the source holds: its Raw is the source's text,
// its positions the source's, actions and their white space included; a
// destination that is a template action and nothing else is still no
// URI, and one that holds an action is a pattern for URIs, which the
// audit does not check as one. The URL attributes of HTML tags written
// inside an action (a shortcode written as a tag, "{{<button
// href="/docs/">}}"; HTML in a Liquid string) are links, as raw HTML's
// are: the generator writes them where the action is, or where its
// value is used.
//
// Which pages run which language is the site generator's, so the caller
// says it: none by default, since a forge shows a Markdown file as
// CommonMark reads it ("{{ x }}" on GitHub is the text "{{ x }}"), and so
// does a site generator that runs templates after the Markdown (VitePress'
// Vue interpolation) or none at all. The audit (package audit, with the
// site models of internal/site) sets, for a page that a site publishes:
//
//   - Hugo: HugoShortcodes ("{{ x }}" in a Hugo page is text);
//   - Jekyll: Liquid (on a page whose front matter turns Liquid off,
//     "render_with_liquid: false", too: kramdown reads a definition
//     whose URL holds spaces as a definition);
//   - MkDocs with the macros plugin: Liquid (Jinja's delimiters), on a
//     page whose front matter does not say "render_macros: false" (with
//     the plugin's render_by_default: false, on one that says
//     "render_macros: true"); none when the plugin's options change the
//     delimiters;
//
// and none for a file that no site publishes (a README beside a site is
// read on the forge). mdBook's "{{#include file}}" stands for blocks of
// another file, not a word, and is left as written. A listing without a
// check (uriextract without -check) knows no site and reads every file
// as CommonMark.
//
// # Positions
//
// Link.Start and Link.End delimit the URI's bytes in the source (End is
// just past the last one); Link.Raw is exactly that text, white space
// and escapes included; Link.URI is what it means. Lines and columns
// start at 1 and columns count bytes, as go/token does. Link.PositionOf
// maps a byte of Link.URI (such as the Start of a uri.Finding) back to
// the source; a Locator does the same for many bytes of one link at a
// cost linear in the link once.
//
// # Cost
//
// Text runs in time linear in the input, adversarial input included (long
// runs of "<", "(", quotes, "-\n", "%", ":" or wrappers that never close):
// every search for a closer stops at the next opener of its kind, a blank
// line or four line breaks. Text allocates nothing for text that holds no
// URI; for text that does, one slice and one string for all links, and a
// string for each URI rejoined across lines. Markdown costs little more
// than goldmark's parse, whose cost is superlinear on some documents
// nobody writes (megabytes of "[a](" or of nested brackets, lists nested
// thousands deep by indentation, 100,000 consecutive link reference
// definitions, footnotes that refer to thousands of others take
// minutes): a guard finds those shapes in one
// linear pass first, and Markdown and MarkdownDoc read such a document as
// plain text, saying why (CostError) where the caller can tell its user.
//
// goldmark's tree takes 8 to 18 times the size of a real document, and
// up to 140 times that of markup packed close ("*_" repeated, short list
// items): the guard estimates the tree and reads a document whose tree
// would take more than 48 bytes a byte (and 32 MiB) as plain text too.
// A document is parsed whole, within a budget of tree bytes that
// parallel parses share, and one larger than Extractor.MaxMarkdown (16
// MiB by default) is read as plain text.
package extract
