// The room API over HTTP (docs/protocol.md): JSON in, JSON out, errors as {error, message}.

export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.message) || `request failed (${status})`);
    this.status = status;
    this.code = body && body.error;
  }
}

export async function api(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}
