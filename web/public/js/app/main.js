// Entry point of the page (index.html loads it as a module).
import { App } from './app.js';

new App(window).start();
