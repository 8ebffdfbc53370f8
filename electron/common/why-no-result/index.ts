/** "Why no result?": the explanation's schema and type, shared by the engine, the workbench and IPC. */
export * from './report';
