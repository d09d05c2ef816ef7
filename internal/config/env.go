package config

import "strings"

// ExpandEnv replaces each ${NAME} of s with the value of the variable
// NAME; missing is the first variable named that is not set. "$$" is a
// dollar sign; any other "$" stands for itself. It is the one reading of
// ${NAME} in values of the file (remote.hosts[].headers, remote.github-token)
// and of -header.
func ExpandEnv(s string, getenv func(string) string) (out, missing string) {
	if !strings.Contains(s, "$") {
		return s, ""
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '$')
		if i < 0 {
			b.WriteString(s)
			return b.String(), ""
		}
		b.WriteString(s[:i])
		s = s[i:]
		switch {
		case strings.HasPrefix(s, "$$"):
			b.WriteByte('$')
			s = s[2:]
		case strings.HasPrefix(s, "${"):
			end := strings.IndexByte(s, '}')
			if end < 0 {
				b.WriteString(s)
				return b.String(), ""
			}
			name := s[2:end]
			v := getenv(name)
			if v == "" {
				return "", name
			}
			b.WriteString(v)
			s = s[end+1:]
		default:
			b.WriteByte('$')
			s = s[1:]
		}
	}
}
