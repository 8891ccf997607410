// Package perfttable reads the variants' perft tables in testdata: one position a line, fields
// separated by '|', lines starting with '#' ignored.
package perfttable

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// Read returns the trimmed fields of every table line of path; each line must have n fields.
func Read(path string, n int) ([][]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var rows [][]string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		fields := strings.Split(line, "|")
		if len(fields) != n {
			return nil, fmt.Errorf("%s: want %d fields separated by '|' in %q", path, n, line)
		}
		for i := range fields {
			fields[i] = strings.TrimSpace(fields[i])
		}
		rows = append(rows, fields)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("%s: no entries", path)
	}
	return rows, nil
}

// Counts reads "1:10 2:100 ..." into node counts by depth.
func Counts(field string) (map[int]uint64, error) {
	out := map[int]uint64{}
	for _, dn := range strings.Fields(field) {
		d, n, _ := strings.Cut(dn, ":")
		depth, err1 := strconv.Atoi(d)
		nodes, err2 := strconv.ParseUint(n, 10, 64)
		if err1 != nil || err2 != nil || depth < 1 {
			return nil, fmt.Errorf("bad count %q, want depth:nodes", dn)
		}
		out[depth] = nodes
	}
	return out, nil
}

// Rolls reads fixed dice rolls such as "2,4 2,3" ('-' for none: every roll enumerated).
func Rolls(field string) ([][]int, error) {
	if field == "-" {
		return nil, nil
	}
	var out [][]int
	for _, roll := range strings.Fields(field) {
		var values []int
		for _, v := range strings.Split(roll, ",") {
			n, err := strconv.Atoi(v)
			if err != nil {
				return nil, fmt.Errorf("bad roll %q", roll)
			}
			values = append(values, n)
		}
		out = append(out, values)
	}
	return out, nil
}
