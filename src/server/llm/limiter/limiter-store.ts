import type { InFlight, LimiterState } from './limiter-state';

/** What a change sees: the endpoint's state (null the first time), its calls out, and the time. */
export type StoreView = { state: LimiterState | null; inFlight: InFlight; now: number };

/** What a change does: the new state, the places it takes (by id), and its answer. */
export type StoreChange<T> = {
  state: LimiterState;
  take?: { id: string; tokens: number }[];
  result: T;
};

/** Places to free, and places the provider has taken, before a change looks. */
export type PlaceNews = { give?: string[]; accept?: string[] };

/**
 * Where an endpoint's limiter state and its places (calls out) live: in this process, or in the
 * database so that every worker shares them. Each `update` is atomic: the places named in `news`
 * are freed or marked accepted first, then `change` sees the state and what is out, and what it
 * returns is kept.
 */
export interface LimiterStore {
  /** True when other processes share the state: a freed place may then be learned only by asking. */
  readonly isShared: boolean;
  update<T>(key: string, change: (view: StoreView) => StoreChange<T>, news?: PlaceNews): Promise<T>;
  /** Keeps this process's places from expiring (a shared store frees those of stopped processes). */
  renew(ids: string[]): Promise<void>;
}

type Endpoint = { state: LimiterState | null; places: Map<string, boolean> };

/** The limiter state of this process only: the default, and the stand-in when a shared one fails. */
export function createMemoryLimiterStore(): LimiterStore {
  const endpoints = new Map<string, Endpoint>();
  return {
    isShared: false,
    update(key, change, news = {}) {
      let endpoint = endpoints.get(key);
      if (!endpoint) {
        endpoint = { state: null, places: new Map() };
        endpoints.set(key, endpoint);
      }
      for (const id of news.give ?? []) endpoint.places.delete(id);
      for (const id of news.accept ?? [])
        if (endpoint.places.has(id)) endpoint.places.set(id, true);
      const accepted = [...endpoint.places.values()].filter(Boolean).length;
      const inFlight = { live: endpoint.places.size, accepted };
      const next = change({ state: endpoint.state, inFlight, now: Date.now() });
      endpoint.state = next.state;
      for (const place of next.take ?? []) endpoint.places.set(place.id, false);
      return Promise.resolve(next.result);
    },
    renew: () => Promise.resolve(),
  };
}
