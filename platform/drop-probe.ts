import { MongoClient } from 'mongodb';
(async () => {
  const c = new MongoClient('mongodb://127.0.0.1:27027/'); await c.connect();
  const t0 = Date.now();
  const { databases } = await c.db().admin().listDatabases({ nameOnly: true });
  console.log('dbs', databases.length, Date.now() - t0);
  const t1 = Date.now(); await c.db('zz_probe').collection('x').insertOne({ a: 1 }); console.log('insert', Date.now() - t1);
  const t2 = Date.now(); await c.db('zz_probe').dropDatabase(); console.log('drop', Date.now() - t2);
  await c.close();
})();
