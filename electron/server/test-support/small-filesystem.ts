/**
 * A real, small ext4 filesystem on a loop device, mounted for one test file, to make the disk
 * fail the way production disks do: full (a filler file takes the free space), read-only (the
 * kernel's own emergency remount after an ext4 error) and I/O errors (the ext4 shutdown ioctl:
 * every later read and write is EIO). Needs root and loop devices; `mountSmallFilesystem`
 * returns the reason when this machine cannot, so the caller can skip with it printed.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

export interface SmallFilesystem {
  /** The mount point: put the data folder here. */
  readonly dir: string;
  /** Takes all free space with a filler file (writes then fail with ENOSPC). */
  fill(): void;
  /** Deletes the filler file. */
  free(): void;
  /** An ext4 error: the kernel remounts the filesystem read-only (writes fail with EROFS). */
  failReadOnly(): void;
  /** The ext4 shutdown ioctl (as `xfs_io -c shutdown`): every later I/O fails with EIO. */
  failIo(): void;
  /** Unmounts and mounts again (after closing everything on it): a fresh, healthy view of what reached the disk. */
  remount(): void;
  /** Unmounts and deletes the image. */
  dispose(): void;
}

const run = (command: string, args: readonly string[]): string =>
  execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** Mounts a fresh filesystem of `megabytes`, or returns why that is impossible here. */
export function mountSmallFilesystem(megabytes = 24): SmallFilesystem | { readonly unavailable: string } {
  if (process.platform !== 'linux') return { unavailable: `loop devices need Linux (this is ${process.platform})` };
  if (process.getuid?.() !== 0) return { unavailable: 'mounting a test filesystem needs root' };
  const work = mkdtempSync(join(tmpdir(), 'lapwing-smallfs-'));
  const image = join(work, 'disk.img');
  const dir = join(work, 'mnt');
  try {
    run('mkdir', [dir]);
    run('truncate', ['-s', `${megabytes}M`, image]);
    // No blocks reserved for root: the test runs as root and must be able to fill the disk.
    run('mkfs.ext4', ['-q', '-m', '0', image]);
    run('mount', ['-o', 'loop,errors=remount-ro', image, dir]);
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    const detail = error instanceof Error ? (error.message.split('\n')[1] ?? error.message) : String(error);
    return { unavailable: `cannot mount an ext4 loop filesystem here (${detail.trim()})` };
  }
  const filler = join(dir, 'filler');
  const device = (): string => basename(run('findmnt', ['-n', '-o', 'SOURCE', dir]).trim());
  return {
    dir,
    fill() {
      const fd = openSync(filler, 'w');
      const chunk = Buffer.alloc(64 * 1024, 1);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      } finally {
        closeSync(fd);
      }
      // Smaller writes take the last partial blocks.
      const last = openSync(filler, 'a');
      try {
        for (;;) writeSync(last, Buffer.alloc(512, 1));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      } finally {
        closeSync(last);
      }
    },
    free() {
      rmSync(filler, { force: true });
    },
    failReadOnly() {
      run('sh', ['-c', `echo 1 > /sys/fs/ext4/${device()}/trigger_fs_error`]);
    },
    failIo() {
      // EXT4_IOC_SHUTDOWN = _IOR('X', 125, __u32); flag 1 flushes the ext4 journal first.
      const script = `import fcntl, os, struct\nfd = os.open(${JSON.stringify(dir)}, os.O_RDONLY)\nfcntl.ioctl(fd, (2 << 30) | (4 << 16) | (ord('X') << 8) | 125, struct.pack('I', 1))`;
      run('python3', ['-c', script]);
    },
    remount() {
      run('umount', [dir]);
      run('mount', ['-o', 'loop,errors=remount-ro', image, dir]);
    },
    dispose() {
      try {
        run('umount', [dir]);
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
  };
}
