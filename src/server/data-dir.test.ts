import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prepareDataDir } from './data-dir.ts';
import { StartupError } from './startup-error.ts';

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'homelab-data-dir-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('prepareDataDir', () => {
  it('creates a missing DATA_DIR, parents included', () => {
    const dir = path.join(root, 'a', 'b');
    prepareDataDir(dir, path.join(dir, 'homelab.db'));
    expect(fs.statSync(dir).isDirectory()).toBe(true);
  });

  it('says DATA_DIR is a file, not a directory', () => {
    const file = path.join(root, 'file');
    fs.writeFileSync(file, '');
    expect(() => prepareDataDir(file)).toThrow(
      new StartupError(`DATA_DIR ${file} is a file, not a directory: set DATA_DIR to a directory`),
    );
  });

  it('names the file that stands where a parent folder should be', () => {
    const file = path.join(root, 'file');
    fs.writeFileSync(file, '');
    const dir = path.join(file, 'x', 'data');
    expect(() => prepareDataDir(dir)).toThrow(`DATA_DIR ${dir} cannot be created: ${file} is a file, not a directory`);
  });

  it('refuses a database path that is a folder', () => {
    fs.mkdirSync(path.join(root, 'homelab.db'));
    expect(() => prepareDataDir(root, path.join(root, 'homelab.db'))).toThrow(
      `The SQLite database ${path.join(root, 'homelab.db')} is not a file`,
    );
  });
});
