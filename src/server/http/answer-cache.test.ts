import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache.ts';

const answer = (text: string) => ({ body: Buffer.from(text), etag: `W/"${text}"` });

describe('AnswerCache', () => {
  it('keeps an answer by key until invalidated', () => {
    const cache = new AnswerCache();
    cache.store('all:', cache.generation, answer('one'));
    expect(cache.get('all:')?.body.toString()).toBe('one');
    expect(cache.get('safe:')).toBeUndefined();
    cache.invalidate();
    expect(cache.get('all:')).toBeUndefined();
  });

  it('does not keep an answer built before a change', () => {
    const cache = new AnswerCache();
    const started = cache.generation;
    cache.invalidate();
    cache.store('all:', started, answer('stale'));
    expect(cache.get('all:')).toBeUndefined();
  });

  it('drops the least recently used answers beyond its size, never the newest', () => {
    const cache = new AnswerCache(10);
    cache.store('a', cache.generation, answer('aaaa'));
    cache.store('b', cache.generation, answer('bbbb'));
    expect(cache.get('a')).toBeDefined();
    cache.store('c', cache.generation, answer('cccc'));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    cache.store('huge', cache.generation, answer('x'.repeat(50)));
    expect(cache.get('huge')).toBeDefined();
    expect(cache.get('a')).toBeUndefined();
  });
});
