package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// work is an analysis of the fair gate's tests: it holds its slot for d of slot time, pausing
// every millisecond as a search does, and returns how long it took.
func work(t *testing.T, g *fairGate, id flowID, d time.Duration) (time.Duration, error) {
	t.Helper()
	start := time.Now()
	a, err := g.enter(context.Background(), id)
	if err != nil {
		return 0, err
	}
	defer a.done()
	var ran time.Duration
	for ran < d {
		step := time.Now()
		for time.Since(step) < time.Millisecond {
		}
		ran += time.Since(step)
		a.pause()
	}
	return time.Since(start), nil
}

func addrFlow(name string) flowID { return flowID{key: "addr:" + name, class: classAddress, weight: 1} }

// A short call of one flow is not stuck behind the long calls of another: it gets its share in
// slices, while the long calls' flow, alone, gets every slot.
func TestFairGateSlices(t *testing.T) {
	g := newFairGate(Limits{Analyses: 1, QueueWait: 5 * time.Second})
	greedy, polite := addrFlow("greedy"), addrFlow("polite")
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				_, _ = work(t, g, greedy, 300*time.Millisecond)
			}
		}()
	}
	time.Sleep(50 * time.Millisecond)
	for i := range 5 {
		took, err := work(t, g, polite, 50*time.Millisecond)
		if err != nil {
			t.Fatalf("polite call %d: %v", i, err)
		}
		// Its own 50 ms, shared with one other busy flow, and a slice or two of waiting.
		if took > 250*time.Millisecond {
			t.Errorf("polite call %d of 50 ms took %v beside the greedy flow", i, took)
		}
	}
	close(stop)
	wg.Wait()
}

// Flows kept equally busy are served equally, whatever number of calls each keeps open; weights
// share in proportion.
func TestFairGateShares(t *testing.T) {
	for _, c := range []struct {
		name    string
		calls   []int
		weights []float64
	}{
		{"equal", []int{1, 3, 6}, []float64{1, 1, 1}},
		{"weighted 2:1", []int{2, 2}, []float64{2, 1}},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := newFairGate(Limits{Analyses: 1, QueueWait: 10 * time.Second})
			served := make([]atomic.Int64, len(c.calls))
			deadline := time.Now().Add(1500 * time.Millisecond)
			var wg sync.WaitGroup
			for f, n := range c.calls {
				id := flowID{key: fmt.Sprint("f", f), class: classAddress, weight: c.weights[f]}
				for range n {
					wg.Add(1)
					go func() {
						defer wg.Done()
						for time.Now().Before(deadline) {
							a, err := g.enter(context.Background(), id)
							if err != nil {
								t.Error(err)
								return
							}
							for i := 0; i < 20 && time.Now().Before(deadline); i++ {
								step := time.Now()
								for time.Since(step) < time.Millisecond {
								}
								served[f].Add(int64(time.Since(step)))
								a.pause()
							}
							a.done()
						}
					}()
				}
			}
			wg.Wait()
			var sum float64
			for f := range served {
				sum += float64(served[f].Load()) / c.weights[f]
			}
			mean := sum / float64(len(served))
			for f := range served {
				share := float64(served[f].Load()) / c.weights[f]
				t.Logf("flow %d (%d calls, weight %g): %v served", f, c.calls[f], c.weights[f], time.Duration(served[f].Load()))
				if math.Abs(share-mean)/mean > 0.25 {
					t.Errorf("flow %d served %v per unit of weight, the mean %v", f, time.Duration(share), time.Duration(mean))
				}
			}
		})
	}
}

// A flow alone gets every slot.
func TestFairGateWorkConserving(t *testing.T) {
	g := newFairGate(Limits{Analyses: 2, QueueWait: time.Second})
	id := addrFlow("alone")
	a, err := g.enter(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	b, err := g.enter(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if g.inFlight() != 2 || g.waiting.Load() != 0 {
		t.Errorf("%d running, %d waiting; want both slots to the lone flow", g.inFlight(), g.waiting.Load())
	}
	a.done()
	b.done()
}

// retryDetails reads a refusal's reason, RetryInfo and QuotaFailure subject.
func retryDetails(err error) (code codes.Code, reason string, retry time.Duration, subject string) {
	st := status.Convert(err)
	for _, d := range st.Details() {
		switch d := d.(type) {
		case *errdetails.ErrorInfo:
			reason = d.GetReason()
		case *errdetails.RetryInfo:
			retry = d.GetRetryDelay().AsDuration()
		case *errdetails.QuotaFailure:
			if v := d.GetViolations(); len(v) > 0 {
				subject = v[0].GetSubject()
			}
		}
	}
	return st.Code(), reason, retry, subject
}

// Refusals say when to retry: a flow's queue full, the queue wait run out.
func TestFairGateRefusals(t *testing.T) {
	g := newFairGate(Limits{Analyses: 1, QueueWait: 100 * time.Millisecond})
	holder, err := g.enter(context.Background(), addrFlow("holder"))
	if err != nil {
		t.Fatal(err)
	}
	defer holder.done()
	// The holder never pauses: a call of another flow waits the queue wait, then is refused.
	_, err = g.enter(context.Background(), addrFlow("other"))
	if code, reason, retry, _ := retryDetails(err); code != codes.ResourceExhausted || reason != "ANALYSIS_BUSY" || retry < 100*time.Millisecond {
		t.Errorf("after the queue wait: %v %s retry %v", code, reason, retry)
	}
	// A flow with maxFlowQueue calls waiting gets no more in line.
	var wg sync.WaitGroup
	for range maxFlowQueue {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _ = g.enter(context.Background(), addrFlow("crowd"))
		}()
	}
	for g.waiting.Load() < maxFlowQueue {
		time.Sleep(time.Millisecond)
	}
	_, err = g.enter(context.Background(), addrFlow("crowd"))
	if code, reason, retry, subject := retryDetails(err); code != codes.ResourceExhausted || reason != "ANALYSIS_QUEUE_FULL" || retry <= 0 || subject != "client address" {
		t.Errorf("a full queue: %v %s retry %v subject %q", code, reason, retry, subject)
	}
	wg.Wait()
}

// A key's quota of analysis seconds a minute: spent, its calls are refused with the time to
// wait; after that time, served again.
func TestFairGateQuota(t *testing.T) {
	now := time.Unix(1000, 0)
	var mu sync.Mutex
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	g := newFairGate(Limits{Analyses: 1, QueueWait: time.Second})
	g.now = clock
	id := flowID{key: "key:bot", class: "bot", weight: 1, quota: &keyQuota{perMinute: 6}}
	a, err := g.enter(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	advance(9 * time.Second) // 9 s used of 6 a minute: 3 s over
	a.done()
	_, err = g.enter(context.Background(), id)
	code, reason, retry, subject := retryDetails(err)
	if code != codes.ResourceExhausted || reason != "ANALYSIS_QUOTA_EXHAUSTED" || subject != "key:bot" {
		t.Fatalf("a spent quota: %v %s %q (%v)", code, reason, subject, err)
	}
	// 3 s over at 6 s a minute: back above zero 30 s later.
	if retry < 29*time.Second || retry > 31*time.Second {
		t.Errorf("retry after %v, want about 30 s", retry)
	}
	advance(retry)
	b, err := g.enter(context.Background(), id)
	if err != nil {
		t.Fatalf("after the delay given: %v", err)
	}
	b.done()
}

// The keys file: hashes only, names unique, weights and quotas read; a reload keeps what a key
// has spent.
func TestAPIKeysFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "keys.json")
	hash := func(k string) string { h := sha256.Sum256([]byte(k)); return hex.EncodeToString(h[:]) }
	write := func(body string) {
		if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write(`[{"name":"a","sha256":"` + hash("secret-a") + `","weight":2,"quota":30},{"name":"b","sha256":"` + hash("secret-b") + `"}]`)
	keys, err := LoadAPIKeys(path)
	if err != nil {
		t.Fatal(err)
	}
	a, b := keys.find("secret-a"), keys.find("secret-b")
	if a == nil || a.name != "a" || a.weight != 2 || a.quota == nil || a.quota.rate() != 30 || b == nil || b.weight != 1 || b.quota != nil || keys.find("secret-c") != nil {
		t.Fatalf("keys %+v %+v", a, b)
	}
	a.quota.spend(10*time.Second, time.Now())
	for _, bad := range []string{
		`{}`,
		`[{"name":"","sha256":"` + hash("x") + `"}]`,
		`[{"name":"a","sha256":"abc"}]`,
		`[{"name":"a","sha256":"` + hash("x") + `"},{"name":"a","sha256":"` + hash("y") + `"}]`,
		`[{"name":"a","sha256":"` + hash("x") + `"},{"name":"b","sha256":"` + hash("x") + `"}]`,
		`[{"name":"a","sha256":"` + hash("x") + `","weight":-1}]`,
	} {
		write(bad)
		if err := keys.Reload(); err == nil {
			t.Errorf("%s: read without an error", bad)
		}
	}
	if keys.find("secret-a") != a {
		t.Error("a file that does not read changed the keys")
	}
	write(`[{"name":"a","sha256":"` + hash("secret-a") + `","quota":60}]`)
	if err := keys.Reload(); err != nil {
		t.Fatal(err)
	}
	a2 := keys.find("secret-a")
	if a2 == nil || a2.quota.rate() != 60 || keys.find("secret-b") != nil {
		t.Fatalf("after the reload: %+v", a2)
	}
	if left := a2.quota.left; left > 21 {
		t.Errorf("the reload forgot the 10 s spent: %v left", left)
	}
}
