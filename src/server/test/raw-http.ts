import http from "node:http";

export interface RawAnswer {
  status: number;
  type: string;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/**
 * A request over a real socket with its path exactly as written: fetch and light-my-request resolve
 * `.` and `..` segments before they send, as a browser does, and an attacker's client does not.
 */
export function rawRequest(
  port: number,
  method: string,
  path: string,
  {
    headers = {},
    body,
    agent = false,
  }: { headers?: Record<string, string>; body?: string; agent?: http.Agent | false } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        agent,
        headers: body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            type: String(response.headers["content-type"] ?? ""),
            body: text,
            headers: response.headers,
          }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}
