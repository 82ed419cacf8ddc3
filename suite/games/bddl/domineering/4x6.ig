% Domineering, 4 columns x 6 rows. Depth: Shaik & van de Pol, SAT 2023, Table 2(d).
#boardsize
4 6
#init
#depth
12
#blackgoal
#whitegoal
