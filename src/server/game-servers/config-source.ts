/**
 * Where an integration's configuration comes from (the Settings page, else the environment): the config in
 * force, or null when it is not configured, and a way to hear about changes so a client is rebuilt at once.
 */
export interface ConfigSource<T> {
  current(): Promise<T | null>;
  onChange(listener: () => void): void;
}
