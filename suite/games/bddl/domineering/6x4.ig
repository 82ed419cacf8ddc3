% Domineering, 6 columns x 4 rows. Depth: Shaik & van de Pol, SAT 2023, Table 2(d).
#boardsize
6 4
#init
#depth
12
#blackgoal
#whitegoal
