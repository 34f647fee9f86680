package android.webkit;

import java.io.InputStream;
import java.util.Map;

/**
 * A response an app gives from {@code shouldInterceptRequest}. The kit never asks for one (bridgecheck's page
 * loads no resources); the class is the plain holder it is on Android.
 */
public class WebResourceResponse {
    private String mimeType;
    private String encoding;
    private int statusCode = 200;
    private String reasonPhrase = "OK";
    private Map<String, String> responseHeaders;
    private InputStream data;

    public WebResourceResponse(String mimeType, String encoding, InputStream data) {
        this.mimeType = mimeType;
        this.encoding = encoding;
        this.data = data;
    }

    public WebResourceResponse(String mimeType, String encoding, int statusCode, String reasonPhrase,
                               Map<String, String> responseHeaders, InputStream data) {
        this(mimeType, encoding, data);
        setStatusCodeAndReasonPhrase(statusCode, reasonPhrase);
        this.responseHeaders = responseHeaders;
    }

    public void setMimeType(String mimeType) {
        this.mimeType = mimeType;
    }

    public String getMimeType() {
        return mimeType;
    }

    public void setEncoding(String encoding) {
        this.encoding = encoding;
    }

    public String getEncoding() {
        return encoding;
    }

    /** The status (100 to 599, not 300 to 399) and its phrase, which must not be empty. */
    public void setStatusCodeAndReasonPhrase(int statusCode, String reasonPhrase) {
        if (statusCode < 100 || statusCode > 599 || (statusCode > 299 && statusCode < 400)) {
            throw new IllegalArgumentException("statusCode can't be in the [300, 399] range.");
        }
        if (reasonPhrase == null || reasonPhrase.trim().isEmpty()) {
            throw new IllegalArgumentException("reasonPhrase can't be empty.");
        }
        this.statusCode = statusCode;
        this.reasonPhrase = reasonPhrase;
    }

    public int getStatusCode() {
        return statusCode;
    }

    public String getReasonPhrase() {
        return reasonPhrase;
    }

    public void setResponseHeaders(Map<String, String> headers) {
        this.responseHeaders = headers;
    }

    public Map<String, String> getResponseHeaders() {
        return responseHeaders;
    }

    public void setData(InputStream data) {
        this.data = data;
    }

    public InputStream getData() {
        return data;
    }
}
