package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net"
	"net/netip"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/protoadapt"
	"google.golang.org/protobuf/types/known/durationpb"

	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
	"github.com/ashtapada/ashtapada/service/internal/echo"
)

// APIKeys are the keys a server takes, read from a file: a JSON array of
//
//	{"name": "bot-a", "sha256": "<hex SHA-256 of the key>", "weight": 2, "quota": 30}
//
// name is what the metrics and errors call the key; weight (default 1) its share of the analysis
// against the other flows; quota (default none) the analysis slot-seconds it may use a minute.
// Only the keys' hashes are in the file, so that a copy of it gives no key away. Reload reads the
// file again (on SIGHUP): calls already admitted keep the key they came with.
type APIKeys struct {
	path string
	keys atomic.Pointer[map[[sha256.Size]byte]*apiKey]
	// RulesToo makes the rules calls need a key as well; by default only the analysis calls do.
	RulesToo bool
}

// apiKey is one key of the file.
type apiKey struct {
	name   string
	weight float64
	quota  *keyQuota
}

// keyFileEntry is one entry of the keys file.
type keyFileEntry struct {
	Name   string  `json:"name"`
	SHA256 string  `json:"sha256"`
	Weight float64 `json:"weight"`
	Quota  float64 `json:"quota"`
}

// LoadAPIKeys reads the keys file at path.
func LoadAPIKeys(path string) (*APIKeys, error) {
	k := &APIKeys{path: path}
	if err := k.Reload(); err != nil {
		return nil, err
	}
	return k, nil
}

// maxKeys bounds the keys of a file, and so the metrics' classes.
const maxKeys = 1000

// Reload reads the keys file again; on an error the keys stay as they were. A key that stays
// keeps what it has spent of its quota.
func (k *APIKeys) Reload() error {
	raw, err := os.ReadFile(k.path)
	if err != nil {
		return fmt.Errorf("api keys: %w", err)
	}
	var entries []keyFileEntry
	if err := json.Unmarshal(raw, &entries); err != nil {
		return fmt.Errorf("api keys %s: %w", k.path, err)
	}
	if len(entries) > maxKeys {
		return fmt.Errorf("api keys %s: %d keys, at most %d", k.path, len(entries), maxKeys)
	}
	old := map[string]*apiKey{}
	if m := k.keys.Load(); m != nil {
		for _, key := range *m {
			old[key.name] = key
		}
	}
	keys := make(map[[sha256.Size]byte]*apiKey, len(entries))
	names := map[string]bool{}
	for i, e := range entries {
		var hash [sha256.Size]byte
		b, err := hex.DecodeString(e.SHA256)
		switch {
		case e.Name == "" || len(e.Name) > 64 || strings.ContainsAny(e.Name, " \t\n\"\\"):
			return fmt.Errorf("api keys %s: entry %d: a name of 1 to 64 characters without spaces or quotes", k.path, i)
		case names[e.Name]:
			return fmt.Errorf("api keys %s: entry %d: the name %q is used twice", k.path, i, e.Name)
		case err != nil || len(b) != sha256.Size:
			return fmt.Errorf("api keys %s: entry %d (%s): sha256 must be 64 hex digits", k.path, i, e.Name)
		case e.Weight < 0 || e.Weight > 1000 || e.Quota < 0:
			return fmt.Errorf("api keys %s: entry %d (%s): weight from 0 (meaning 1) to 1000, quota not negative", k.path, i, e.Name)
		}
		copy(hash[:], b)
		if keys[hash] != nil {
			return fmt.Errorf("api keys %s: entry %d (%s): the same key as another entry", k.path, i, e.Name)
		}
		names[e.Name] = true
		key := &apiKey{name: e.Name, weight: e.Weight}
		if key.weight == 0 {
			key.weight = 1
		}
		if e.Quota > 0 {
			key.quota = &keyQuota{perMinute: e.Quota}
			if prev := old[e.Name]; prev != nil && prev.quota != nil {
				key.quota = prev.quota
				key.quota.setRate(e.Quota)
			}
		}
		keys[hash] = key
	}
	k.keys.Store(&keys)
	return nil
}

// find returns the key presented, or nil. The file holds hashes, so the lookup compares hashes
// of the key, never the key itself.
func (k *APIKeys) find(presented string) *apiKey {
	return (*k.keys.Load())[sha256.Sum256([]byte(presented))]
}

// keyQuota is a key's quota of analysis slot time: a bucket of perMinute seconds, refilled
// evenly over a minute. What a call uses is taken when it is used, so a long call can run the
// bucket below zero, and the key then waits until it is back above.
type keyQuota struct {
	mu        sync.Mutex
	perMinute float64
	left      float64 // seconds
	at        time.Time
}

func (q *keyQuota) refill(now time.Time) {
	if q.at.IsZero() {
		q.left, q.at = q.perMinute, now
		return
	}
	q.left = min(q.perMinute, q.left+now.Sub(q.at).Minutes()*q.perMinute)
	q.at = now
}

// wait is how long until the key may start a call again, 0 when it may now.
func (q *keyQuota) wait(now time.Time) time.Duration {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.refill(now)
	if q.left > 0 {
		return 0
	}
	return time.Duration((-q.left/q.perMinute)*float64(time.Minute)) + 10*time.Millisecond
}

func (q *keyQuota) spend(used time.Duration, now time.Time) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.refill(now)
	q.left -= used.Seconds()
}

func (q *keyQuota) rate() float64 {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.perMinute
}

func (q *keyQuota) setRate(perMinute float64) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.perMinute = perMinute
	q.left = min(q.left, perMinute)
}

// classAddress is the metrics' class of the flows named by the client's address.
const classAddress = "address"

type keyContext struct{}

// authenticate is the interceptor that, when the server has keys, admits a call only with one of
// them (authorization: Bearer KEY), and puts the key in the call's context for its flow. Health
// checks and reflection never need a key; rules calls only with RulesToo.
func (k *APIKeys) authenticate(ctx context.Context, method string) (context.Context, error) {
	if k == nil || quiet(method) || !k.RulesToo && strings.HasPrefix(method, rulesMethodPrefix) {
		return ctx, nil
	}
	values := metadata.ValueFromIncomingContext(ctx, "authorization")
	if len(values) == 0 {
		return nil, statusError(codes.Unauthenticated, "API_KEY_MISSING", "",
			"this server needs an API key: send it as the header Authorization: Bearer KEY")
	}
	presented, ok := strings.CutPrefix(values[0], "Bearer ")
	if !ok {
		presented, ok = strings.CutPrefix(values[0], "bearer ")
	}
	key := (*apiKey)(nil)
	if ok {
		key = k.find(strings.TrimSpace(presented))
	}
	if key == nil {
		return nil, statusError(codes.Unauthenticated, "API_KEY_INVALID", "",
			"the API key is not one this server takes: check it, or ask the server's operator for one (the Authorization header must read Bearer KEY)")
	}
	return context.WithValue(ctx, keyContext{}, key), nil
}

// rulesMethodPrefix begins the full names of RulesService's methods.
var rulesMethodPrefix = "/" + pb.RulesService_ServiceDesc.ServiceName + "/"

func (k *APIKeys) unary(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
	ctx, err := k.authenticate(ctx, info.FullMethod)
	if err != nil {
		return nil, err
	}
	return handler(ctx, req)
}

func (k *APIKeys) stream(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
	ctx, err := k.authenticate(ss.Context(), info.FullMethod)
	if err != nil {
		return err
	}
	return handler(srv, &contextStream{ServerStream: ss, ctx: ctx})
}

// contextStream is a server stream with another context.
type contextStream struct {
	grpc.ServerStream
	ctx context.Context
}

func (s *contextStream) Context() context.Context { return s.ctx }

// flowNamer names the flow of an analysis call: its API key, else its client's address (the
// gateway's HTTP client, or the client a trusted proxy names in X-Forwarded-For), one flow per
// /64 for IPv6.
type flowNamer struct {
	gateway net.Addr
	trusted []netip.Prefix
}

func (n flowNamer) flow(ctx context.Context) flowID {
	if key, ok := ctx.Value(keyContext{}).(*apiKey); ok {
		return flowID{key: "key:" + key.name, class: key.name, weight: key.weight, quota: key.quota}
	}
	return flowID{key: "addr:" + n.address(ctx), class: classAddress, weight: 1}
}

func (n flowNamer) address(ctx context.Context) string {
	_, client, conn := caller(ctx, n.gateway, n.trusted)
	if client == "" && conn != nil {
		client = addrIP(conn).String()
	}
	ip, err := netip.ParseAddr(client)
	if err != nil {
		return echo.Clip(client, maxForwarded)
	}
	ip = ip.Unmap()
	if ip.Is6() {
		prefix, _ := ip.Prefix(64)
		return prefix.String()
	}
	return ip.String()
}

// retryStatus is a refusal that says when to retry (RetryInfo) and, with a subject, which limit
// was hit (QuotaFailure).
func retryStatus(code codes.Code, reason string, retry time.Duration, msg, subject, limit string) error {
	msg = echo.Clip(msg, maxMessageLen)
	details := []protoadapt.MessageV1{&errdetails.ErrorInfo{Reason: reason, Domain: errorDomain,
		Metadata: map[string]string{"retry_after_ms": fmt.Sprint(retry.Milliseconds())}},
		&errdetails.RetryInfo{RetryDelay: durationpb.New(retry)}}
	if subject != "" {
		details = append(details, &errdetails.QuotaFailure{Violations: []*errdetails.QuotaFailure_Violation{{Subject: subject, Description: limit}}})
	}
	st, err := status.New(code, msg).WithDetails(details...)
	if err != nil {
		return status.Error(code, msg)
	}
	return st.Err()
}

// quotaStatus refuses a call of a key whose quota is spent.
func quotaStatus(id flowID, wait time.Duration) error {
	rate := id.quota.rate()
	return retryStatus(codes.ResourceExhausted, "ANALYSIS_QUOTA_EXHAUSTED", wait,
		fmt.Sprintf("the API key %s has used its %g analysis seconds of the last minute; retry after the delay given", id.class, rate),
		"key:"+id.class, fmt.Sprintf("%g analysis seconds a minute", rate))
}
