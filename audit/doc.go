// Package audit checks the links of a set of documents the way a docs
// maintainer asks: is each URI well formed (the policy's uri.Check
// findings), and does each relative reference lead somewhere? It resolves
// a reference against the file that holds it (uri.Resolve; a path that
// begins with "/" against the root), looks the file up case-sensitively,
// and checks its fragment against the target's anchors: GitHub heading
// slugs, "{#id}" heading attributes and HTML id and name attributes in
// Markdown, id and name in HTML, and GitHub line anchors ("#L10",
// "#L10-L20") in any other file or in Markdown read with "?plain=1".
// Nothing is fetched unless Config.Remote is set: then the absolute http
// and https URIs go to it (package audit/remote) in one call, and what
// it finds is reported at each link, a permanent move with the new URL
// as its fix.
//
// Run is the entry point: it audits the files and directories named, by
// a Config, and returns a Result with every Finding. Check runs the same
// audit, makes the safe fixes (FixFiles) or shows them (FixDiff), and
// hands the findings to Reporters file by file as they are known, so that
// one run feeds any number of outputs; Result.Report hands a finished
// result to Reporters. List reads the documents as the audit does and
// hands over their links unchecked. The output formats of uriextract
// (text, JSON, SARIF, GitHub annotations, the job summary) are the
// command's own, not part of this package: a Reporter of your own reads
// Finding's fields.
//
// The audit is one pipeline: collect (walk the inputs, skipping .git,
// node_modules, vendor, the template folders layouts, themes and
// _includes, hidden directories, path excludes and, inside a git work
// tree, what git ignores; read each file with limits; refuse binary
// files, decode UTF-16 with a byte order mark; leave out HTML templates;
// sniff standard input for Markdown), extract (one parse per file), check,
// then report or fix. List is the pipeline without its check, so listing
// and auditing read the same files the same way. Run reads and parses the
// files in parallel, keeps only each file's links and anchors, and
// returns the findings in a deterministic order: files in the order they
// were named and walked, findings in source order; with Config.Emit they
// stream file by file. Findings can be silenced with HTML comments in the
// document (<!-- urilint-disable-next-line [cats] -- reason -->, <!--
// urilint-disable [cats] -- reason --> ... <!-- urilint-enable -->) and URL
// regexps in the root's .urilintignore; a directive without a reason, or
// one that silences nothing in the run, is an ignore-directive finding. Safe fixes (normalization, file name case, anchor case)
// come as byte edits of the source (Finding.Fix, unless
// Config.DropSource), which Check applies, writes or shows as a diff.
package audit
