import type { ApiClient, ClientOptions } from "./client.ts";

/**
 * The API client, loaded with the schema library on its first call rather than with the page: the
 * login page draws without either and fetches them when the form is sent (decision 081); a
 * signed-in page asks for them at once, as it checks its session. Same calls as ./client.ts.
 */
export const createLazyClient = (options: ClientOptions): ApiClient => {
  let loading: Promise<ApiClient> | null = null;
  const client = (): Promise<ApiClient> => {
    loading ??= import("./client.ts").then(({ createClient }) => createClient(options));
    return loading;
  };
  return {
    request: async (endpoint, input) => (await client()).request(endpoint, input),
    upload: async (endpoint, input) => (await client()).upload(endpoint, input),
    listen: async (endpoint, onMessage, signal, query) => (await client()).listen(endpoint, onMessage, signal, query),
    download: async (endpoint, input) => (await client()).download(endpoint, input),
    call: async (endpoint, input) => (await client()).call(endpoint, input),
  };
};
