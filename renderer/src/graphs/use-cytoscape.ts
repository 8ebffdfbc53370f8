/**
 * A cytoscape core bound to a component's lifetime: created on mount in the given container, resized
 * with it, restyled when the theme changes, destroyed on unmount. Kept in a shallowRef because
 * cytoscape's objects are large and must not become reactive proxies.
 */
import cytoscape from 'cytoscape';
import type { Core, CytoscapeOptions, StylesheetJson } from 'cytoscape';
import { onBeforeUnmount, onMounted, shallowRef } from 'vue';
import type { Ref, ShallowRef } from 'vue';
import { readGraphTheme, watchGraphTheme } from './graph-theme';
import type { GraphTheme } from './graph-theme';

interface CytoscapeHooks {
  /** The stylesheet for a theme: applied at creation and again on every theme change. */
  readonly style: (theme: GraphTheme) => StylesheetJson;
  readonly onReady?: (cy: Core) => void;
  readonly onResize?: (cy: Core) => void;
  readonly onTheme?: (cy: Core, theme: GraphTheme) => void;
}

export function useCytoscape(
  container: Ref<HTMLElement | null>,
  options: () => Omit<CytoscapeOptions, 'container' | 'style'>,
  hooks: CytoscapeHooks,
): ShallowRef<Core | null> {
  const cy = shallowRef<Core | null>(null);
  let observer: ResizeObserver | null = null;
  let stopTheme: (() => void) | null = null;

  onMounted(() => {
    const element = container.value;
    if (!element) return;
    const core = cytoscape({ container: element, ...options(), style: hooks.style(readGraphTheme()) });
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
      hooks.onResize?.(core);
    });
    observer.observe(element);
    stopTheme = watchGraphTheme((theme) => {
      core.style(hooks.style(theme));
      hooks.onTheme?.(core, theme);
    });
    hooks.onReady?.(core);
  });

  onBeforeUnmount(() => {
    observer?.disconnect();
    observer = null;
    stopTheme?.();
    stopTheme = null;
    cy.value?.destroy();
    cy.value = null;
  });

  return cy;
}
