/**
 * A cytoscape core bound to a component's lifetime: created on mount in the given container, resized
 * with it, destroyed on unmount. Kept in a shallowRef because cytoscape's objects are large and must
 * not become reactive proxies.
 */
import cytoscape from 'cytoscape';
import type { Core, CytoscapeOptions } from 'cytoscape';
import { onBeforeUnmount, onMounted, shallowRef } from 'vue';
import type { Ref, ShallowRef } from 'vue';

export function useCytoscape(
  container: Ref<HTMLElement | null>,
  options: () => Omit<CytoscapeOptions, 'container'>,
  onReady?: (cy: Core) => void,
  onResize?: (cy: Core) => void,
): ShallowRef<Core | null> {
  const cy = shallowRef<Core | null>(null);
  let observer: ResizeObserver | null = null;

  onMounted(() => {
    const element = container.value;
    if (!element) return;
    const core = cytoscape({ container: element, ...options() });
    cy.value = core;
    // Cytoscape caches its container size; tell it when the panel around it is resized. The
    // observer's first call reports the size cytoscape has just measured: resizing then would only
    // redraw the whole graph a second time (at 2,000 nodes, a frame of its own before it shows).
    let width = element.clientWidth;
    let height = element.clientHeight;
    observer = new ResizeObserver(() => {
      if (element.clientWidth === width && element.clientHeight === height) return;
      width = element.clientWidth;
      height = element.clientHeight;
      core.resize();
      onResize?.(core);
    });
    observer.observe(element);
    onReady?.(core);
  });

  onBeforeUnmount(() => {
    observer?.disconnect();
    observer = null;
    cy.value?.destroy();
    cy.value = null;
  });

  return cy;
}
