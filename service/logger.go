package service

import (
	"io"
	"os"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

// NewLogger returns the server's logger: JSON lines at Info and above, written to w through a
// buffer that is flushed every second and when full, so a call pays for no write of its own. Every
// line is kept: there is no sampling (zap.NewProduction's drops repeated lines under load). The
// caller must call flush before exiting.
func NewLogger(w io.Writer) (log *zap.Logger, flush func() error) {
	ws := &zapcore.BufferedWriteSyncer{WS: zapcore.AddSync(w), Size: 256 << 10, FlushInterval: time.Second}
	core := zapcore.NewCore(zapcore.NewJSONEncoder(zap.NewProductionEncoderConfig()), ws, zap.InfoLevel)
	return zap.New(core, zap.ErrorOutput(zapcore.Lock(os.Stderr))), ws.Stop
}
