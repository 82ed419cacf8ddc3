% Domineering, 2 columns x 5 rows. Depth: Shaik & van de Pol, SAT 2023, Table 2(d).
#boardsize
2 5
#init
#depth
6
#blackgoal
#whitegoal
