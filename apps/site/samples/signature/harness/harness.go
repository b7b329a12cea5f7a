package main

import (
	"fmt"
	"os"
	"strconv"
	"time"

	"fanshelf.dev/samples/webhooks"
)

func verdict(ok bool) string {
	if ok {
		return "valid"
	}
	return "invalid"
}

func main() {
	body, err := os.ReadFile(os.Getenv("SAMPLE_BODY_FILE"))
	if err != nil {
		panic(err)
	}
	now, err := strconv.ParseInt(os.Getenv("SAMPLE_NOW"), 10, 64)
	if err != nil {
		panic(err)
	}
	hmacOk := webhooks.VerifyFanshelfSignature(body, os.Getenv("SAMPLE_HMAC_HEADER"), os.Getenv("SAMPLE_SECRET"))
	standardOk := webhooks.VerifyStandardWebhook(body, os.Getenv("SAMPLE_WEBHOOK_ID"), os.Getenv("SAMPLE_WEBHOOK_TIMESTAMP"),
		os.Getenv("SAMPLE_WEBHOOK_SIGNATURE"), os.Getenv("SAMPLE_WEBHOOK_SECRET"), time.Unix(now, 0))
	fmt.Printf("hmac=%s\nstandard=%s\n", verdict(hmacOk), verdict(standardOk))
}
