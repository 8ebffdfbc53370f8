/** Things to release on quit, released in reverse order of acquisition. */

export interface Disposable {
  dispose(): void | Promise<void>;
}

/** Collects disposables; `dispose` releases them last-in first-out and reports every failure. */
export class DisposableStore implements Disposable {
  private readonly items: Disposable[] = [];
  private disposed = false;

  /** Adds an item and returns it, so acquisition and registration are one expression. */
  add<T extends Disposable>(item: T): T {
    if (this.disposed) throw new Error('DisposableStore: already disposed');
    this.items.push(item);
    return item;
  }

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    const failures: unknown[] = [];
    for (const item of this.items.splice(0).reverse()) {
      try {
        await item.dispose();
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length > 0) throw new AggregateError(failures, 'Some resources could not be released');
  }
}
