/** Renderer entry: the Vue app with Pinia, mounted once the page is parsed. */
import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import './styles/main.css';

createApp(App).use(createPinia()).mount('#app');
