// monaco-yaml's own workaround for Vite ("Why doesn't it work with Vite?" in its README).
import 'monaco-yaml/yaml.worker.js';
