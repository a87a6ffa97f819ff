/* weigh's argument, as scripts see it. */
typedef struct parcelinfo {
	int kilos;
} parcelinfo_t;

/* The USDT provider of the tests' shop program. */
provider shop {
	probe order(int qty, char *item);
	probe order__done(long total, int enabled);
	probe tick();
	probe weigh(int grams) : (parcelinfo_t *grams);
};

translator parcelinfo_t < int g > {
	kilos = g / 1000;
};
