// Package report holds the output formats of uriextract: an
// audit.Reporter for each of text, json, sarif, github and markdown
// (NewReporter), the -output list that names them (ParseOutputs,
// OpenOutputs), the summary line of an audit (Summary), the writer of a
// listing (LinkWriter), and Printable, which escapes every control
// character the commands print of a file name, a link or a message. It is
// internal: a library user of package audit writes its own
// audit.Reporter, or reads audit.Result.
package report
