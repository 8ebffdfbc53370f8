/** The semantic map diff's report: schema and type shared by the engine, the workbench, IPC and the CLI. */
export * from './report';
