import { chromium } from '@playwright/test';
const base='http://127.0.0.1:3950';
const b=await chromium.launch({executablePath:'/usr/bin/chromium',args:['--no-sandbox']});
const featured=await (await fetch(base+'/api/services/featured')).json();
const pid=featured[0].provider.userId, sid=featured[0].id;
for (const p of ['/', '/ja', `/ja/provider/${pid}`,`/th/provider/${pid}`,`/provider/${pid}`,`/pt-BR/provider/${pid}`,`/ja/service/${sid}`, '/ja/browse']) {
  const ctx=await b.newContext({timezoneId:'UTC'}); const page=await ctx.newPage(); const errs=[];
  page.on('pageerror',e=>errs.push(e.message.slice(0,120)));
  await page.goto(base+p); await page.waitForTimeout(2000);
  console.log(p,errs.length?errs:'ok'); await ctx.close();
}
await b.close();
